/**
 * Kudos (issue 34 §1): a fixed set of stickers, one of each per person per entry, toggled. Not for
 * your own entry, nor while the jam's feedback is off. The counts are public (cards and the entry
 * page show them, cached for everyone); which stickers you gave comes from the API, per person.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { type Jam, kudos } from '#db/schema';
import { KUDOS_STICKERS, type KudosSticker } from '#lib/feedback';
import type { KudosDto } from '#lib/schemas/kudos';
import { announceChange } from '#server/cache/changes';
import { conflict } from '#server/platform/errors';
import { notifyStatement } from '#server/inbox/notify';
import { type EntryReads, readerIsOnTeam, startEntryReads } from '#server/entries/entry-reads';
import { db } from '#server/platform/db';
import { batchNamed, readTogether } from '#server/platform/named';
import { can } from '#server/auth/permissions';
import type { SessionUser } from '#server/auth/session';
import { refused } from '#server/auth/refusals';

export const KUDOS_OFF_MESSAGE = 'Kudos are turned off for this jam.';

const countsOf = (entryId: number) =>
  db().select({ sticker: kudos.sticker, n: count() }).from(kudos).where(eq(kudos.entryId, entryId)).groupBy(kudos.sticker);

const stickersGivenBy = (entryId: number, giverId: number) =>
  db()
    .select({ sticker: kudos.sticker })
    .from(kudos)
    .where(and(eq(kudos.entryId, entryId), eq(kudos.giverId, giverId)));

function toKudosDto(
  jam: Jam,
  bySticker: { sticker: string; n: number }[],
  mine: { sticker: string }[] | null,
  own: boolean,
): KudosDto {
  const counts = Object.fromEntries(KUDOS_STICKERS.map((sticker) => [sticker, 0])) as Record<KudosSticker, number>;
  for (const row of bySticker) if (row.sticker in counts) counts[row.sticker as KudosSticker] = row.n;
  return {
    feedback: jam.feedback,
    total: Object.values(counts).reduce((sum, n) => sum + n, 0),
    counts,
    mine: mine ? KUDOS_STICKERS.filter((sticker) => mine.some((row) => row.sticker === sticker)) : null,
    own,
  };
}

/** Everyone's counts and nobody's own stickers, as the cached entry page shows them (the page has found the entry). */
export async function kudosCounts(jam: Jam, entryId: number): Promise<KudosDto> {
  return toKudosDto(jam, await countsOf(entryId), null, false);
}

/**
 * The entry's kudos as `viewer` sees them: the counts, their own stickers and whether the entry is
 * theirs, in one round trip with the entry's own read (shared through `reads` by a caller that asks
 * other services about the entry too).
 */
export async function readKudos(
  viewer: SessionUser | null,
  jam: Jam,
  entryId: number,
  reads: EntryReads = startEntryReads(jam, entryId, viewer),
): Promise<KudosDto> {
  const { bySticker, mine, own } = await readTogether({
    entry: reads.entry,
    bySticker: countsOf(reads.id),
    mine: viewer ? stickersGivenBy(reads.id, viewer.id) : null,
    own: readerIsOnTeam(reads, viewer),
  });
  return toKudosDto(jam, bySticker, mine, own);
}

export async function giveKudos(user: SessionUser, jam: Jam, entryId: number, sticker: KudosSticker): Promise<KudosDto> {
  const reads = startEntryReads(jam, entryId, user);
  const [entry, onTeam] = await Promise.all([reads.entry, readerIsOnTeam(reads, user)]);
  if (jam.feedback === 'off') throw conflict(KUDOS_OFF_MESSAGE);
  if (!(await can(user, 'entry:give-kudos', { jamId: jam.id, onTeam }))) throw refused('kudos:own-entry');
  const database = db();
  const given = and(eq(kudos.entryId, entry.id), eq(kudos.giverId, user.id), eq(kudos.sticker, sticker));
  // The notice, the sticker and the counts it leaves: one batch, one round trip.
  const { added, bySticker, mine } = await batchNamed(database, {
    // One event per giver and entry: more stickers, or one taken back and given again, say nothing new.
    // Written only when the sticker is new, as the insert below finds it.
    notify: notifyStatement(
      database,
      [
        {
          userId: entry.submitterId,
          kind: 'kudos',
          key: `kudos:${entry.id}:${user.id}`,
          groupKey: `kudos:${entry.id}`,
          jamId: jam.id,
          entryId: entry.id,
          actorId: user.id,
        },
      ],
      sql`not exists (select 1 from ${kudos} where ${given})`,
    ),
    added: database
      .insert(kudos)
      .values({ entryId: entry.id, giverId: user.id, sticker, jamId: jam.id })
      .onConflictDoNothing()
      .returning({ sticker: kudos.sticker }),
    bySticker: countsOf(entry.id),
    mine: stickersGivenBy(entry.id, user.id),
  });
  if (added.length > 0) announceChange({ kind: 'kudos', jamId: jam.id, entryId: entry.id });
  return toKudosDto(jam, bySticker, mine, onTeam);
}

/** Taking a sticker back is always possible (also once the jam's feedback was turned off). */
export async function takeBackKudos(user: SessionUser, jam: Jam, entryId: number, sticker: KudosSticker): Promise<KudosDto> {
  const reads = startEntryReads(jam, entryId, user);
  const [entry, onTeam] = await Promise.all([reads.entry, readerIsOnTeam(reads, user)]);
  const database = db();
  // The delete and the counts it leaves: one batch, one round trip.
  const [removed, bySticker, mine] = await database.batch([
    database
      .delete(kudos)
      .where(and(eq(kudos.entryId, entry.id), eq(kudos.giverId, user.id), eq(kudos.sticker, sticker)))
      .returning({ sticker: kudos.sticker }),
    countsOf(entry.id),
    stickersGivenBy(entry.id, user.id),
  ]);
  if (removed.length > 0) announceChange({ kind: 'kudos', jamId: jam.id, entryId: entry.id });
  return toKudosDto(jam, bySticker, mine, onTeam);
}
