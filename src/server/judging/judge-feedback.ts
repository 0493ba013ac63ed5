/**
 * Judges' private feedback (issue 42 §2, ADR 040): one text per judge and entry, written while voting
 * is open, through the kid-safe filter. Read only by the entry's team, the jam's managers and the
 * judge who wrote it: never in a public page or cache (it comes with the viewer document or its own GET).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { type Jam, judgeFeedback, notifications, users } from '#db/schema';
import { avatarPath } from '#lib/avatars';
import { votingIsOpen } from '#lib/jam-timing';
import type { JudgeFeedbackListDto } from '#lib/schemas/judges';
import { auditStatement } from '#server/activity/audit';
import { can, readJamSeat } from '#server/auth/permissions';
import { refuseIfBanned } from '#server/auth/require';
import type { SessionUser } from '#server/auth/session';
import { type EntryReads, readerIsOnTeam, startEntryReads } from '#server/entries/entry-reads';
import { guardTexts } from '#server/feedback/guard/guard-texts';
import { adminWords } from '#server/feedback/words';
import { conflict } from '#server/platform/errors';
import { db } from '#server/platform/db';
import { batchNamed, readTogether } from '#server/platform/named';
import { teamOf } from '#server/teams/co-creators';
import { isJudgeOf } from './judge-invitations';
import { refused } from '#server/auth/refusals';

export const FEEDBACK_CLOSED = 'Judges’ feedback closes when voting ends, so it can no longer change.';

const rowsOf = (entryId: number) =>
  db()
    .select({
      judgeId: judgeFeedback.judgeId,
      name: users.name,
      text: judgeFeedback.text,
      createdAt: judgeFeedback.createdAt,
      updatedAt: judgeFeedback.updatedAt,
    })
    .from(judgeFeedback)
    .innerJoin(users, eq(users.id, judgeFeedback.judgeId))
    .where(eq(judgeFeedback.entryId, entryId))
    .orderBy(asc(judgeFeedback.createdAt), asc(judgeFeedback.judgeId));

type FeedbackRow = Awaited<ReturnType<typeof rowsOf>>[number];

/** What the reader may do with the entry's feedback, read in one round trip with the rows themselves. */
async function readerSide(viewer: SessionUser, jam: Jam, reads: EntryReads) {
  const { onTeam, seated, rows } = await readTogether({
    onTeam: readerIsOnTeam(reads, viewer),
    seat: readJamSeat(viewer, jam.id),
    seated: isJudgeOf(jam.id, viewer.id),
    rows: rowsOf(reads.id),
  });
  // Asked with what was read: no more reads (the manager row is remembered), banned people get nothing.
  const [readsAll, judge, mayWrite] = await Promise.all([
    can(viewer, 'entry:read-judge-feedback', { jamId: jam.id, onTeam }),
    can(viewer, 'entry:write-judge-feedback', { jamId: jam.id, onTeam: false, isJudge: seated }),
    can(viewer, 'entry:write-judge-feedback', { jamId: jam.id, onTeam, isJudge: seated }),
  ]);
  const side = { onTeam, judge, readsAll, canWrite: mayWrite && votingIsOpen(jam) };
  return { ...side, dto: toDto(viewer, reads.id, rows, side) };
}

/** The rows the reader may see (all of them for the team and the managers, a judge's own for a judge). */
function toDto(
  viewer: SessionUser,
  entryId: number,
  rows: FeedbackRow[],
  side: { readsAll: boolean; canWrite: boolean },
): JudgeFeedbackListDto {
  return {
    feedback: rows
      .filter((row) => side.readsAll || row.judgeId === viewer.id)
      .map((row) => ({
        entryId,
        judge: { name: row.name, avatar: avatarPath(row.name) },
        text: row.text,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        mine: row.judgeId === viewer.id,
      })),
    canWrite: side.canWrite,
  };
}

/**
 * The reader's side of the entry's feedback, for the viewer document: null for visitors and for anyone
 * who may neither read nor write it (the page shows nothing).
 */
export async function judgeFeedbackFor(
  viewer: SessionUser | null,
  jam: Jam,
  reads: EntryReads,
): Promise<JudgeFeedbackListDto | null> {
  if (!viewer) return null;
  const { dto, judge, readsAll } = await readerSide(viewer, jam, reads);
  return readsAll || judge ? dto : null;
}

/** GET: the entry's feedback as the reader may see it; 403 for anyone else. */
export async function readJudgeFeedback(viewer: SessionUser, jam: Jam, entryId: number): Promise<JudgeFeedbackListDto> {
  const reads = startEntryReads(jam, entryId, viewer);
  // The entry's 404 first; the feedback's reads travel beside it.
  const { feedback } = await readTogether({ entry: reads.entry, feedback: judgeFeedbackFor(viewer, jam, reads) });
  if (!feedback) throw refused('judge-feedback:read');
  return feedback;
}

/** The judge's own checks before a write: a judge of the jam, not on the entry's team, voting open. */
async function requireJudgeOf(user: SessionUser, jam: Jam, entryId: number) {
  refuseIfBanned(user);
  const reads = startEntryReads(jam, entryId, user);
  // The entry's 404 first; the checks' reads travel beside it (one round trip).
  const [entry, side] = await Promise.all([reads.entry, readerSide(user, jam, reads)]);
  if (!side.judge) throw refused('judge-feedback:judges-only');
  if (side.onTeam) throw refused('judge-feedback:own-entry');
  if (!votingIsOpen(jam)) throw conflict(FEEDBACK_CLOSED);
  return { entry, side };
}

/**
 * PUT: the judge's feedback on the entry, kept after the filter passed it; the same text again changes
 * nothing. The team (submitter and credited co-creators) is told once per judge and entry. The write,
 * its notice, its audit entry and the state it leaves are one batch.
 */
export async function putJudgeFeedback(
  user: SessionUser,
  jam: Jam,
  entryId: number,
  text: string,
): Promise<JudgeFeedbackListDto> {
  const [{ entry, side }, words] = await Promise.all([requireJudgeOf(user, jam, entryId), adminWords()]);
  await guardTexts([{ field: 'text', guarded: 'judgeFeedbackInputSchema.text', text }], words);
  const database = db();
  const theirs = sql`${judgeFeedback.entryId} = ${entry.id} and ${judgeFeedback.judgeId} = ${user.id}`;
  const { feedback: rows } = await batchNamed(database, {
    // Audited only when the text changes, as the upsert below finds it.
    audit: auditStatement(
      database,
      user,
      {
        action: 'entry.judge-feedback',
        jamId: jam.id,
        targetUserId: entry.submitterId,
        details: {
          entryId: entry.id,
          title: entry.title,
          change: sql`case when exists (select 1 from ${judgeFeedback} where ${theirs}) then 'edit' else 'write' end`,
        },
      },
      sql`not exists (select 1 from ${judgeFeedback} where ${theirs} and ${judgeFeedback.text} = ${text})`,
    ),
    upsert: database.run(sql`
      insert into ${judgeFeedback} (entry_id, judge_id, jam_id, text) values (${entry.id}, ${user.id}, ${jam.id}, ${text})
      on conflict (entry_id, judge_id) do update
        set text = excluded.text, updated_at = cast(unixepoch('subsec') * 1000 as integer)
        where ${judgeFeedback.text} <> excluded.text`),
    // The team: the submitter and the credited co-creators, each told once per judge and entry (the key).
    notifyTeam: database.run(sql`insert into ${notifications} (user_id, kind, key, group_key, jam_id, entry_id)
      select team.user_id, 'judge-feedback', ${`judge-feedback:${entry.id}:${user.id}`}, ${`judge-feedback:${entry.id}`}, ${jam.id}, ${entry.id}
      from (${teamOf(entry.id)}) team
      where team.user_id <> ${user.id}
      on conflict do nothing`),
    feedback: rowsOf(entry.id),
  });
  return toDto(user, entry.id, rows, side);
}

/** DELETE: takes the judge's feedback back (harmless when there is none); the change, its audit and the state, one batch. */
export async function deleteJudgeFeedback(user: SessionUser, jam: Jam, entryId: number): Promise<JudgeFeedbackListDto> {
  const { entry, side } = await requireJudgeOf(user, jam, entryId);
  const database = db();
  const theirs = and(eq(judgeFeedback.entryId, entry.id), eq(judgeFeedback.judgeId, user.id));
  const { feedback: rows } = await batchNamed(database, {
    audit: auditStatement(
      database,
      user,
      {
        action: 'entry.judge-feedback',
        jamId: jam.id,
        targetUserId: entry.submitterId,
        details: { entryId: entry.id, title: entry.title, change: 'delete' },
      },
      sql`exists (select 1 from ${judgeFeedback} where ${theirs})`,
    ),
    remove: database.delete(judgeFeedback).where(theirs),
    feedback: rowsOf(entry.id),
  });
  return toDto(user, entry.id, rows, side);
}
