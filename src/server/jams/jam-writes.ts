/** Running game jams: creating, editing and deleting them, the administrators' switches and the clear-alls. */
import { eq } from 'drizzle-orm';
import { type Jam, entries, jamSlugRedirects, jams, votes } from '#db/schema';
import { resultsArePublic } from '#lib/jam-timing';
import { type JamCreate, type JamDto, type JamUpdate, VOTING_END_AFTER_END_MESSAGE, votingEndAfterEnd } from '#lib/schemas/jams';
import { recordAudit } from '#server/activity/audit';
import { announceChange } from '#server/cache/changes';
import { type Database, db } from '#server/platform/db';
import { AppError, conflict } from '#server/http/errors';
import { requireJamPermission } from '#server/auth/permissions';
import type { SessionUser } from '#server/auth/session';
import { toJamDto } from './jams';
import { uniqueSlug } from './slugs';

/** The jam's fields as the create form has them (a request's, once approved, are the same). */
/** A jam request carries the jam's main fields only; fair judging's options then have their defaults. */
export type NewJam = Pick<JamCreate, 'name' | 'description' | 'body' | 'imageUrl' | 'startsAt' | 'endsAt' | 'mystery'> &
  Partial<Pick<JamCreate, 'votingEndsAt' | 'whoCanVote' | 'refuseOldProjects' | 'playBeforeVote' | 'feedback'>>;

/**
 * Creating a jam inside the caller's transaction: a free slug from the name, the row and its audit
 * entry (`details` adds to it, e.g. the request it came from). The caller has checked who may.
 */
export async function insertNewJam(
  tx: Pick<Database, 'select' | 'insert'>,
  actor: SessionUser,
  input: NewJam,
  details: Record<string, unknown> = {},
) {
  const slug = await uniqueSlug(tx, input.name);
  const { name, description, body, imageUrl, startsAt, endsAt, mystery } = input;
  const judging = {
    votingEndsAt: input.votingEndsAt ?? null,
    whoCanVote: input.whoCanVote ?? 'anyone',
    refuseOldProjects: input.refuseOldProjects ?? false,
    playBeforeVote: input.playBeforeVote ?? false,
    feedback: input.feedback ?? 'notes',
  };
  const [created] = await tx
    .insert(jams)
    .values({
      name,
      description,
      body,
      imageUrl,
      startsAt,
      endsAt,
      mystery,
      ...judging,
      slug,
      createdBy: actor.id,
      updatedBy: actor.id,
    })
    .returning();
  await recordAudit(tx, actor, { action: 'jam.create', jamId: created!.id, details: { slug, ...details } });
  return created!;
}

/** Two jams given the same slug at once: the second insert fails on the slug's unique index. */
export const isSlugTaken = (error: unknown) =>
  error instanceof Error &&
  /UNIQUE constraint failed: jams\.slug/i.test(`${error.message} ${String((error as { cause?: unknown }).cause ?? '')}`);

export const slugTakenConflict = (name: string) =>
  conflict(`Another jam took the address for “${name}” at the same moment. Please try again.`);

export async function createJam(user: SessionUser, input: JamCreate): Promise<JamDto> {
  await requireJamPermission(user, null, 'jam:create');
  const database = db();
  const jam = await database.transaction((tx) => insertNewJam(tx, user, input));
  announceChange({ kind: 'jam', jamId: jam.id });
  return toJamDto(jam, { hideBody: false });
}

/**
 * Changes only the fields in `input` (PATCH: what was not sent stays as it is). Renaming moves the
 * slug; the old one keeps redirecting and nothing attached to the jam changes.
 */
export async function updateJam(user: SessionUser, jam: Jam, input: JamUpdate): Promise<JamDto> {
  await requireJamPermission(user, jam.id, 'jam:edit');
  if (Object.keys(input).length === 0) return toJamDto(jam, { hideBody: false });
  const merged = {
    startsAt: input.startsAt ?? jam.startsAt,
    endsAt: input.endsAt ?? jam.endsAt,
    votingEndsAt: input.votingEndsAt === undefined ? jam.votingEndsAt : input.votingEndsAt,
  };
  if (merged.endsAt.getTime() <= merged.startsAt.getTime()) {
    throw new AppError(400, 'invalid_input', 'The end must be after the start.');
  }
  if (!votingEndAfterEnd(merged)) throw new AppError(400, 'invalid_input', VOTING_END_AFTER_END_MESSAGE);
  const database = db();
  const updated = await database.transaction(async (tx) => {
    let newSlug = jam.slug;
    if (input.name !== undefined && input.name !== jam.name) {
      newSlug = await uniqueSlug(tx, input.name, jam.id);
      if (newSlug !== jam.slug) {
        await tx.delete(jamSlugRedirects).where(eq(jamSlugRedirects.slug, newSlug));
        await tx.insert(jamSlugRedirects).values({ slug: jam.slug, jamId: jam.id }).onConflictDoNothing();
      }
    }
    const [row] = await tx
      .update(jams)
      .set({ ...input, slug: newSlug, updatedAt: new Date(), updatedBy: user.id })
      .where(eq(jams.id, jam.id))
      .returning();
    await recordAudit(tx, user, {
      action: 'jam.update',
      jamId: jam.id,
      details: { fields: Object.keys(input), ...(newSlug !== jam.slug ? { from: jam.slug, to: newSlug } : {}) },
    });
    return row!;
  });
  announceChange({ kind: 'jam', jamId: jam.id });
  return toJamDto(updated, { hideBody: false });
}

export async function deleteJam(user: SessionUser, jam: Jam): Promise<void> {
  await requireJamPermission(user, jam.id, 'jam:delete');
  const database = db();
  await database.transaction(async (tx) => {
    await recordAudit(tx, user, { action: 'jam.delete', details: { jamId: jam.id, slug: jam.slug, name: jam.name } });
    // Entries, votes, managers and old slugs go with it (ON DELETE CASCADE).
    await tx.delete(jams).where(eq(jams.id, jam.id));
  });
  announceChange({ kind: 'jam', jamId: jam.id });
}

async function setFlag(
  user: SessionUser,
  jam: Jam,
  action: 'jam:feature' | 'jam:advanced',
  set: Partial<Pick<Jam, 'featured' | 'mystery'>>,
) {
  await requireJamPermission(user, jam.id, action);
  const database = db();
  const updated = await database.transaction(async (tx) => {
    const [row] = await tx
      .update(jams)
      .set({ ...set, updatedAt: new Date(), updatedBy: user.id })
      .where(eq(jams.id, jam.id))
      .returning();
    await recordAudit(tx, user, {
      action: action === 'jam:feature' ? 'jam.feature' : 'jam.advanced',
      jamId: jam.id,
      details: set,
    });
    return row!;
  });
  announceChange({ kind: 'jam', jamId: jam.id });
  return toJamDto(updated, { hideBody: false });
}

export const setFeatured = (user: SessionUser, jam: Jam, featured: boolean) => setFlag(user, jam, 'jam:feature', { featured });
export const setAdvancedOptions = (user: SessionUser, jam: Jam, options: { mystery: boolean }) =>
  setFlag(user, jam, 'jam:advanced', { mystery: options.mystery });

/** Clears every vote or every entry (with its votes) of a jam, in one audited transaction. */
async function clearAll(user: SessionUser, jam: Jam, what: 'votes' | 'submissions'): Promise<{ removed: number }> {
  await requireJamPermission(user, jam.id, what === 'votes' ? 'jam:clear-votes' : 'jam:clear-submissions');
  const table = what === 'votes' ? votes : entries;
  const removed = await db().transaction(async (tx) => {
    const deleted = await tx.delete(table).where(eq(table.jamId, jam.id)).returning({ jamId: table.jamId });
    await recordAudit(tx, user, { action: `jam.clear-${what}`, jamId: jam.id, details: { removed: deleted.length } });
    return deleted.length;
  });
  announceChange(
    what === 'votes'
      ? { kind: 'votes', jamId: jam.id, resultsPublic: resultsArePublic(jam) }
      : { kind: 'entries', jamId: jam.id },
  );
  return { removed };
}

export const clearVotes = (user: SessionUser, jam: Jam) => clearAll(user, jam, 'votes');
export const clearSubmissions = (user: SessionUser, jam: Jam) => clearAll(user, jam, 'submissions');
