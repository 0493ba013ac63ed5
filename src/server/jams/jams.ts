/** Game jams: finding one by its slug and reading it. Permission checks happen in the services, once. */
import { eq, sql } from 'drizzle-orm';
import { type Jam, jamSlugRedirects, jams } from '#db/schema';
import { jamPhase, jamStatus } from '#lib/jam-timing';
import { resultsArePublic } from '#lib/results-public';
import type { JamDto } from '#lib/schemas/jams';
import { revealedTheme } from '#lib/themes';
import { db, preparedQuery } from '#server/platform/db';
import { notFound } from '#server/platform/errors';
import { can } from '#server/auth/permissions';
import type { SessionUser } from '#server/auth/session';

export type JamLookup = { jam: Jam; canonicalSlug: string } | null;

/** Finds a jam by its slug or by a slug it had before a rename. */
const jamBySlug = preparedQuery((database) =>
  database
    .select()
    .from(jams)
    .where(eq(jams.slug, sql.placeholder('slug')))
    .prepare(),
);

export async function findJam(slug: string): Promise<JamLookup> {
  const jam = await jamBySlug().get({ slug });
  if (jam) return { jam, canonicalSlug: jam.slug };
  const [old] = await db()
    .select({ jam: jams })
    .from(jamSlugRedirects)
    .innerJoin(jams, eq(jams.id, jamSlugRedirects.jamId))
    .where(eq(jamSlugRedirects.slug, slug));
  return old ? { jam: old.jam, canonicalSlug: old.jam.slug } : null;
}

export async function requireJam(slug: string): Promise<Jam> {
  const found = await findJam(slug);
  if (!found) throw notFound('There is no game jam at this address.');
  return found.jam;
}

/** Mystery mode (spec §4): before the start, only those who may `jam:read-mystery` (managers, admins) see the body. */
export function bodyIsHidden(jam: Jam, readsMystery: boolean, now = Date.now()): boolean {
  return jam.mystery && jamStatus(jam, now) === 'upcoming' && !readsMystery;
}

/** A new jam's look as stored: its cover, and its own colour and banner (ADR 049); none unless given. */
export const lookOf = (input: { imageUrl?: string | null; accentColor?: string | null; bannerUrl?: string | null }) => ({
  imageUrl: input.imageUrl ?? null,
  accentColor: input.accentColor ?? null,
  bannerUrl: input.bannerUrl ?? null,
});

/** `entryCount` is the jam's `entry_count`, which triggers keep equal to its entries (migration 0007). */
export function toJamDto(jam: Jam, options: { hideBody: boolean }): JamDto {
  return {
    id: jam.id,
    slug: jam.slug,
    name: jam.name,
    description: jam.description,
    body: options.hideBody ? null : jam.body,
    bodyHidden: options.hideBody,
    imageUrl: jam.imageUrl,
    accentColor: jam.accentColor,
    bannerUrl: jam.bannerUrl,
    startsAt: jam.startsAt.toISOString(),
    endsAt: jam.endsAt.toISOString(),
    status: jamStatus(jam),
    votingEndsAt: jam.votingEndsAt?.toISOString() ?? null,
    phase: jamPhase(jam),
    resultsPublic: resultsArePublic(jam),
    whoCanVote: jam.whoCanVote,
    refuseOldProjects: jam.refuseOldProjects,
    playBeforeVote: jam.playBeforeVote,
    jamVersion: jam.jamVersion,
    judgeJamVersion: jam.judgeJamVersion,
    feedback: jam.feedback,
    judging: jam.judging,
    criteria: jam.criteria,
    minRatings: jam.minRatings,
    questions: jam.questions,
    results: jam.results,
    resultsPublishedAt: jam.resultsPublishedAt?.toISOString() ?? null,
    hiddenEntries: jam.hiddenEntries,
    whoJudges: jam.whoJudges,
    themeRounds: jam.themeRounds,
    theme: revealedTheme(jam),
    featured: jam.featured,
    mystery: jam.mystery,
    entryCount: jam.entryCount,
    participantCount: jam.participantCount,
    createdAt: jam.createdAt.toISOString(),
    updatedAt: jam.updatedAt.toISOString(),
  };
}

export async function readJam(jam: Jam, viewer: SessionUser | null): Promise<JamDto> {
  return toJamDto(jam, { hideBody: bodyIsHidden(jam, await can(viewer, 'jam:read-mystery', { jamId: jam.id })) });
}
export { bodyWriter } from './markdown';
