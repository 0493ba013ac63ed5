/** Entries (Scratch projects submitted to a jam): finding one, removing, refreshing and exporting them. */
import { dropUnusedFiles, jamVersionFileOf } from './jam-version-files';
import { type SQL, and, asc, eq, sql } from 'drizzle-orm';
import { type Entry, type Jam, entries } from '#db/schema';
import type { EntryDetailDto } from '#lib/schemas/entries';
import { auditStatement } from '#server/activity/audit';
import { can, readJamSeat } from '#server/auth/permissions';
import { refuseIfBanned } from '#server/auth/require';
import type { SessionUser } from '#server/auth/session';
import { announceChange } from '#server/cache/changes';
import { notFound } from '#server/platform/errors';
import { notifyStatement } from '#server/inbox/notify';
import { type Database, db, preparedQuery } from '#server/platform/db';
import { readTogether } from '#server/platform/named';
import { fetchScratchProjectWithParent } from '#server/platform/scratch';
import { isOnTeam } from '#server/teams/co-creators';
import { type EntryRow, toEntryDetailDto } from './entry-dto';
import { voteCount } from '#server/judging/ranking';
import { readEntryPage } from './entry-page';
import { historyFields } from '#server/judging/flags';
import { entryWithdrawnStatement } from '#server/live/jam-events';
import { refused } from '#server/auth/refusals';

const entryOfJam = preparedQuery((database) =>
  database
    .select()
    .from(entries)
    .where(and(eq(entries.id, sql.placeholder('entryId')), eq(entries.jamId, sql.placeholder('jamId'))))
    .prepare(),
);

export const ENTRY_NOT_IN_JAM = 'That entry is not part of this jam.';

export async function requireEntry(jam: Jam, entryId: number): Promise<Entry> {
  const entry = await entryOfJam().get({ entryId, jamId: jam.id });
  if (!entry) throw notFound(ENTRY_NOT_IN_JAM);
  return entry;
}

/**
 * The submitter, a manager of the jam or an admin may remove an entry; its votes (and reports) go
 * with it. `auditDetails` adds to the audit entry (e.g. how many reports the removal answered).
 */
export async function removeEntry(
  actor: SessionUser,
  jam: Jam,
  entryId: number,
  auditDetails: Record<string, unknown> = {},
): Promise<void> {
  refuseIfBanned(actor);
  // The entry, whether it is the actor's and their seat among the managers, side by side: one round
  // trip (`can` answers from the seat read).
  const [entry, onTeam, , jamVersionFile] = await Promise.all([
    requireEntry(jam, entryId),
    isOnTeam(entryId, actor.id),
    readJamSeat(actor, jam.id),
    jamVersionFileOf(entryId),
  ]);
  if (!(await can(actor, 'entry:remove', { jamId: jam.id, onTeam }))) {
    throw refused('entry:remove');
  }
  const database = db();
  // Removed by anyone but its submitter (a co-creator too): audited, and the submitter hears of it.
  // One batch: one transaction, one round trip.
  const audit = entry.submitterId !== actor.id;
  const reported = typeof auditDetails.reports === 'number' && auditDetails.reports > 0;
  await database.batch(entryRemovalStatements(database, actor, entry, { audit, details: auditDetails, reported }));
  // ADR 050: its jam version's file goes with it.
  if (jamVersionFile) await dropUnusedFiles([jamVersionFile]);
  announceChange({ kind: 'entry', jamId: jam.id, entryId: entry.id });
}

/**
 * The removal as statements for the caller's batch (one transaction, one round trip): when `audit`
 * (removed by someone else: a manager, an administrator, moderation), the submitter's notice and the
 * audit entry, then the delete, which answers the entry's id when it happens. `onlyIf` (SQL) is the
 * removal's own condition; `details` values may be SQL (worked out as the batch runs).
 */
export function entryRemovalStatements(
  database: Pick<Database, 'run' | 'delete'>,
  actor: SessionUser,
  entry: Entry,
  {
    audit,
    details = {},
    reported,
    onlyIf = sql`1`,
  }: { audit: boolean; details?: Record<string, unknown>; reported: boolean; onlyIf?: SQL },
) {
  const remove = database
    .delete(entries)
    .where(and(eq(entries.id, entry.id), onlyIf))
    .returning({ id: entries.id });
  // The live event (ADR 044) before the delete, written only when the delete happens; the delete stays last.
  const withdrawn = entryWithdrawnStatement(database, entry, onlyIf);
  if (!audit) return [withdrawn, remove] as const;
  // The submitter hears of it. The entry row is gone, so its title goes in the event; the jam is
  // joined when the inbox is read.
  return [
    notifyStatement(
      database,
      [
        {
          userId: entry.submitterId,
          kind: 'entry-removed',
          key: `removed:${entry.jamId}:${entry.scratchId}:${Date.now()}`,
          jamId: entry.jamId,
          actorId: actor.id,
          data: { title: entry.title, reported },
        },
      ],
      onlyIf,
    ),
    auditStatement(
      database,
      actor,
      {
        action: 'entry.remove',
        jamId: entry.jamId,
        targetUserId: entry.submitterId,
        details: { scratchId: entry.scratchId, title: entry.title, ...details },
      },
      onlyIf,
    ),
    withdrawn,
    remove,
  ] as const;
}

/** All entries with their votes, for the managers' CSV download. */
export async function entriesForExport(jam: Jam): Promise<EntryRow[]> {
  const rows = await db()
    .select({ entry: entries, votes: voteCount })
    .from(entries)
    .where(eq(entries.jamId, jam.id))
    .orderBy(asc(entries.submittedAt), asc(entries.id));
  return rows.map((row) => ({ ...row.entry, votes: row.votes }));
}

/**
 * Fetches the project from Scratch again (title, thumbnail, instructions, notes and credits): by
 * its submitter, a manager of the jam or an admin. Audited; answers the refreshed entry.
 */
export async function refreshEntry(actor: SessionUser, jam: Jam, entryId: number): Promise<EntryDetailDto> {
  refuseIfBanned(actor);
  // The entry, whether it is the actor's, their manager seat, and the entry page's votes, rank and co-creators
  // (a refresh changes none of them), side by side before Scratch is asked: one round trip.
  const { entry, onTeam, page } = await readTogether({
    entry: requireEntry(jam, entryId),
    onTeam: isOnTeam(entryId, actor.id),
    seat: readJamSeat(actor, jam.id),
    page: readEntryPage(jam, entryId),
  });
  if (!(await can(actor, 'entry:refresh', { jamId: jam.id, onTeam }))) {
    throw refused('entry:refresh');
  }
  const project = await fetchScratchProjectWithParent(entry.scratchId);
  if (!project) throw notFound('That project could not be found on Scratch. Make sure it exists and is shared.');
  const fields = {
    title: project.title,
    thumbnailUrl: project.thumbnailUrl,
    instructions: project.instructions,
    notes: project.notes,
    // Its history comes along: a refresh never hides a change made after the deadline.
    ...historyFields(project, new Date()),
  };
  const database = db();
  // The change and its audit entry: one batch, the update answering the entry as it now is.
  const [[updated]] = await database.batch([
    database.update(entries).set(fields).where(eq(entries.id, entry.id)).returning(),
    auditStatement(database, actor, {
      action: 'entry.refresh',
      jamId: jam.id,
      targetUserId: entry.submitterId,
      details: { entryId: entry.id, scratchId: entry.scratchId, title: project.title },
    }),
  ]);
  announceChange({ kind: 'entry', jamId: jam.id, entryId: entry.id });
  if (!updated || !page) throw notFound('That entry is not part of this jam.');
  const { resultsPublic, entry: shown } = page;
  return toEntryDetailDto(
    { ...updated, votes: shown.votes ?? 0, coCreators: shown.coCreators },
    { jam, resultsPublic, rank: shown.rank },
    shown.criteria,
  );
}
