/** Submitting a Scratch project to a jam. */
import { and, count, eq, sql } from 'drizzle-orm';
import { type Jam, entries, entryCredits } from '#db/schema';
import { jamStatus } from '#lib/jam-timing';
import type { EntryDto } from '#lib/schemas/entries';
import { parseScratchProjectUrl } from '#lib/scratch-url';
import { refuseIfBanned } from '#server/auth/require';
import type { SessionUser } from '#server/auth/session';
import { announceChange } from '#server/cache/changes';
import { AppError, badRequest, conflict, notFound } from '#server/platform/errors';
import { db } from '#server/platform/db';
import { oneAfterAnother } from '#server/platform/one-after-another';
import { fetchScratchProjectWithParent } from '#server/platform/scratch';
import { isOneEntryViolation } from '#server/teams/co-creators';
import { toEntryDto } from './entry-dto';
import { historyFields, refuseOldProject } from '#server/judging/flags';
import { joinStatement } from '#server/jams/participants';
import { adminWords } from '#server/feedback/words';
import { lateAudit, requireAnswers } from './entry-answers';
import { holdStatements } from '#server/feedback/held-texts';
import { lateWindowOf, submissionWindow } from './late-submissions';
import { entryAddedStatement } from '#server/live/jam-events';
import { refused } from '#server/auth/refusals';

const isUniqueViolation = (error: unknown, index: string) =>
  error instanceof Error &&
  /UNIQUE constraint failed/i.test(`${error.message} ${String((error as { cause?: unknown }).cause ?? '')}`) &&
  new RegExp(index.replaceAll('.', '\\.'), 'i').test(`${error.message} ${String((error as { cause?: unknown }).cause ?? '')}`);

/**
 * Checks the project with Scratch (exists, shared, owned by the submitter) and stores it once. A
 * person's submissions to one jam run one after the other in a process: a second one reads the first.
 */
export function submitEntry(
  user: SessionUser,
  jam: Jam,
  url: string,
  rawAnswers: Record<string, unknown> = {},
): Promise<EntryDto> {
  return oneAfterAnother(`submit:${jam.id}:${user.id}`, () => submitChecked(user, jam, url, rawAnswers));
}

async function submitChecked(user: SessionUser, jam: Jam, url: string, rawAnswers: Record<string, unknown>): Promise<EntryDto> {
  refuseIfBanned(user);
  const status = jamStatus(jam);
  if (status === 'upcoming') throw new AppError(409, 'conflict', NOT_ACCEPTING_MESSAGE);
  const scratchId = parseScratchProjectUrl(url);
  if (scratchId === null) throw badRequest('The URL entered is invalid!');

  const database = db();
  // What refuses the submission, read side by side (one round trip): after the end, the person's late window too (ADR 042).
  const [[existing], creditedInJam, words, lateUntil] = await Promise.all([
    database
      .select({ submitterId: entries.submitterId, scratchId: entries.scratchId })
      .from(entries)
      .where(and(eq(entries.jamId, jam.id), sql`(${entries.submitterId} = ${user.id} or ${entries.scratchId} = ${scratchId})`)),
    isCreditedInJam(jam.id, user.id),
    jam.questions.length > 0 ? adminWords() : Promise.resolve([]),
    status === 'ended' ? lateWindowOf(jam.id, user.id) : Promise.resolve(null),
  ]);
  const window = submissionWindow(jam, lateUntil);
  if (window === 'closed') throw new AppError(409, 'conflict', NOT_ACCEPTING_MESSAGE);
  const { answers, held } = await requireAnswers(jam, rawAnswers, words, user);
  if (existing?.submitterId === user.id) throw conflict('You have already entered this game jam.');
  if (existing) throw conflict('This project has already been submitted to this jam.');
  if (creditedInJam) throw conflict(CREDITED_ELSEWHERE_MESSAGE);

  const project = await fetchScratchProjectWithParent(scratchId);
  if (!project) throw notFound('That project could not be found on Scratch. Make sure it exists and is shared.');
  if (project.authorName.toLowerCase() !== user.name.toLowerCase()) {
    throw refused('entry:submit-not-own');
  }
  refuseOldProject(jam, project.history.created);

  try {
    // Submitting joins the jam, in the same batch (one transaction, one round trip; a join already there stays as it is).
    const [[row]] = await database.batch([
      database
        .insert(entries)
        .values({
          jamId: jam.id,
          scratchId,
          submitterId: user.id,
          title: project.title,
          thumbnailUrl: project.thumbnailUrl,
          authorName: project.authorName,
          instructions: project.instructions,
          notes: project.notes,
          ...historyFields(project, new Date()),
          answers,
          late: window === 'late',
        })
        .returning(),
      joinStatement(database, jam.id, user.id),
      ...(window === 'late' ? [lateAudit(user, jam, { scratchId, title: project.title })] : []),
      // Answers the guard held wait for a moderator, on the entry this batch makes.
      ...holdStatements(
        database,
        user,
        jam,
        held.map((one) => ({
          ...one,
          target: 'answer' as const,
          targetId: sql<number>`(select ${entries.id} from ${entries} where ${entries.jamId} = ${jam.id} and ${entries.submitterId} = ${user.id})`,
        })),
      ),
      // The live event (ADR 044), last: the counts as the batch leaves them.
      entryAddedStatement(database, jam, user.id),
    ]);
    announceChange({ kind: 'entries', jamId: jam.id });
    return toEntryDto({ ...row!, votes: 0 }, { jam, resultsPublic: false });
  } catch (error) {
    // A concurrent request can win the race between the check above and this insert.
    if (isUniqueViolation(error, 'entries.submitter_id')) throw conflict('You have already entered this game jam.');
    if (isUniqueViolation(error, 'entries.scratch_id')) throw conflict('This project has already been submitted to this jam.');
    // Accepting a team invitation in this jam meanwhile (migration 0016's trigger).
    if (isOneEntryViolation(error)) throw conflict(CREDITED_ELSEWHERE_MESSAGE);
    throw error;
  }
}

export const NOT_ACCEPTING_MESSAGE = 'This jam is currently not accepting submissions.';

/** Issue 35: one entry per person per jam, as submitter or credited co-creator. */
export const CREDITED_ELSEWHERE_MESSAGE =
  'You are already credited as a co-creator of an entry in this jam. Everyone can be part of one entry per jam.';

async function isCreditedInJam(jamId: number, userId: number): Promise<boolean> {
  const [row] = await db()
    .select({ n: count() })
    .from(entryCredits)
    .where(and(eq(entryCredits.jamId, jamId), eq(entryCredits.userId, userId), eq(entryCredits.status, 'accepted')));
  return (row?.n ?? 0) > 0;
}
