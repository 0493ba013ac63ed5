/**
 * Answers to a jam's submission questions (issue 42 §4, ADR 042): checked against the questions,
 * text passed through the kid-safe filter, stored on the entry's row (read with it, no round trip
 * of their own). Private answers reach only the entry's team and the jam's managers.
 */
import { eq } from 'drizzle-orm';
import { type Jam, entries } from '#db/schema';
import { type EntryAnswers, checkAnswers, visibleAnswers } from '#lib/questions';
import type { EntryAnswersDto } from '#lib/schemas/questions';
import { auditStatement } from '#server/activity/audit';
import { can, readJamSeat } from '#server/auth/permissions';
import { refuseIfBanned } from '#server/auth/require';
import type { SessionUser } from '#server/auth/session';
import { announceChange } from '#server/cache/changes';
import { type HeldVerdict, guardTexts } from '#server/feedback/guard/guard-texts';
import { holdStatements, myHeldTexts, supersededStatements } from '#server/feedback/held-texts';
import { adminWords } from '#server/feedback/words';
import { badRequest, conflict } from '#server/platform/errors';
import { db } from '#server/platform/db';
import { isOnTeam } from '#server/teams/co-creators';
import { requireEntry } from './entries';
import { lateWindowOf, submissionWindow } from './late-submissions';
import { refused } from '#server/auth/refusals';

export const ANSWERS_CLOSED_MESSAGE = 'Answers can be changed only while the jam takes submissions.';

/**
 * The answers as stored, or a 400 naming the question; text answers pass the guard (`words`: the
 * administrators'). An answer the guard holds is kept out of them (the one it replaces, `before`,
 * stays meanwhile) and comes back in `held`, for held_texts.
 */
export async function requireAnswers(
  jam: Jam,
  raw: Record<string, unknown>,
  words: readonly string[],
  writer: SessionUser,
  before: EntryAnswers = {},
): Promise<{ answers: EntryAnswers; held: (HeldVerdict & { path: string })[] }> {
  const checked = checkAnswers(jam.questions, raw);
  if (!('answers' in checked)) throw badRequest(checked.message, { questionId: checked.questionId });
  const held = await guardTexts(
    jam.questions
      .filter((q) => q.kind === 'text' && typeof checked.answers[String(q.id)] === 'string')
      .map(
        (q) =>
          ({
            field: `answers.${q.id}`,
            guarded: 'answersBodySchema.answers{}',
            text: checked.answers[String(q.id)] as string,
          }) as const,
      ),
    words,
    writer,
  );
  const answers = { ...checked.answers };
  for (const { field } of held) {
    const id = field.slice('answers.'.length);
    if (before[id] === undefined) delete answers[id];
    else answers[id] = before[id];
  }
  return { answers, held: held.map((one) => ({ ...one, path: one.field.slice('answers.'.length) })) };
}

/** The audit entry of a late submission or change, for its batch. */
export const lateAudit = (actor: SessionUser, jam: Jam, details: Record<string, unknown>) =>
  auditStatement(db(), actor, { action: 'entry.late.submit', jamId: jam.id, targetUserId: actor.id, details });

function toEntryAnswersDto(jam: Jam, entry: { id: number; answers: EntryAnswers; late: boolean }): EntryAnswersDto {
  return { entryId: entry.id, answers: visibleAnswers(jam.questions, entry.answers, true), late: entry.late, waiting: {} };
}

/** Every answer of an entry, private ones too: for its team and the jam's managers. */
export async function readEntryAnswers(user: SessionUser, jam: Jam, entryId: number): Promise<EntryAnswersDto> {
  const [entry, onTeam, , waiting] = await Promise.all([
    requireEntry(jam, entryId),
    isOnTeam(entryId, user.id),
    readJamSeat(user, jam.id),
    myHeldTexts(user.id, jam.id, 'answer', entryId),
  ]);
  if (!(await can(user, 'entry:read-answers', { jamId: jam.id, onTeam }))) {
    throw refused('entry:read-answers');
  }
  return { ...toEntryAnswersDto(jam, entry), waiting: byQuestion(waiting) };
}

/**
 * The team replaces the entry's answers while the jam takes submissions (or inside the caller's late
 * window: then the entry is marked late and the change audited). PUT again: the same state.
 */
export async function updateEntryAnswers(
  user: SessionUser,
  jam: Jam,
  entryId: number,
  raw: Record<string, unknown>,
): Promise<EntryAnswersDto> {
  refuseIfBanned(user);
  const [entry, onTeam, words, lateUntil] = await Promise.all([
    requireEntry(jam, entryId),
    isOnTeam(entryId, user.id),
    adminWords(),
    lateWindowOf(jam.id, user.id),
  ]);
  if (!(await can(user, 'entry:answer', { jamId: jam.id, onTeam }))) throw refused('entry:answer');
  const window = submissionWindow(jam, lateUntil);
  if (window === 'closed') throw conflict(ANSWERS_CLOSED_MESSAGE);
  const { answers, held } = await requireAnswers(jam, raw, words, user, entry.answers);
  const late = entry.late || window === 'late';
  const database = db();
  const update = database
    .update(entries)
    .set({ answers, late })
    .where(eq(entries.id, entry.id))
    .returning({ id: entries.id, answers: entries.answers, late: entries.late });
  // What was sent for a question supersedes what waited for it (held again below if it is held).
  const holds = [
    ...supersededStatements(database, jam.id, 'answer', entry.id, Object.keys(raw)),
    ...holdStatements(
      database,
      user,
      jam,
      held.map((one) => ({ ...one, target: 'answer' as const, targetId: entry.id })),
    ),
  ];
  const results = (await database.batch([
    update,
    ...(window === 'late' ? [lateAudit(user, jam, { entryId: entry.id, title: entry.title, answers: true })] : []),
    ...holds,
    myHeldTexts(user.id, jam.id, 'answer', entry.id),
  ] as never)) as unknown[];
  const [row] = results[0] as { id: number; answers: EntryAnswers; late: boolean }[];
  announceChange({ kind: 'entry', jamId: jam.id, entryId: entry.id });
  return { ...toEntryAnswersDto(jam, row!), waiting: byQuestion(results.at(-1) as { path: string; text: string }[]) };
}

/** The caller's held answers by question id. */
const byQuestion = (rows: readonly { path: string; text: string }[]): Record<string, string> =>
  Object.fromEntries(rows.map((row) => [row.path, row.text]));
