/**
 * Winners (spec §3, §4): after the end a manager or admin selects the winner; the community's
 * choice is the first of the ranking besides it, with a vote (./ranking.ts). Computed on read, never
 * written on read. A disqualified entry is neither (fair judging).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { type Entry, type Jam, entries } from '#db/schema';
import { votingHasClosed } from '#lib/jam-timing';
import { resultsArePublic } from '#lib/results-public';
import type { EntryDto, WinnersDto } from '#lib/schemas/entries';
import { auditStatement } from '#server/activity/audit';
import { announceChange } from '#server/cache/changes';
import { db } from '#server/platform/db';
import { batchNamed, readTogether } from '#server/platform/named';
import { AppError } from '#server/platform/errors';
import { requireEntry } from '#server/entries/entries';
import { toEntryDto } from '#server/entries/entry-dto';
import {
  criterionResultsOf,
  isCommunityChoiceCandidate,
  isManagersWinner,
  isRankedReview,
  judgesRankedEntries,
  type Panel,
  parseCriterionResults,
  rankedEntries,
  rankingOrder,
  voteCount,
  votesOf,
} from './ranking';
import { coCreatorsColumn, toCoCreators } from '#server/teams/co-creators';
import { requireJamPermission } from '#server/auth/permissions';
import type { SessionUser } from '#server/auth/session';

/** A winner with its votes, its team and, in a ratings jam, its places per criterion (ADR 039). */
const winnerColumns = (jam: Jam, panel: Panel = 'jam') => ({
  entry: entries,
  votes: panel === 'jam' ? voteCount : votesOf(entries.id, panel),
  coCreators: coCreatorsColumn(entries.id),
  criteria: jam.judging === 'ratings' ? criterionResultsOf(entries, panel) : sql<string | null>`null`,
});

/** The reads behind `readWinners`, as statements a write's batch can end with (they then see the write). */
function winnersQueries(jam: Jam) {
  const database = db();
  const first = (panel: Panel) => {
    const ranked = panel === 'judges' ? judgesRankedEntries : rankedEntries;
    return database
      .select(winnerColumns(jam, panel))
      .from(entries)
      .where(and(eq(entries.jamId, jam.id), isCommunityChoiceCandidate(ranked)))
      .orderBy(...rankingOrder(ranked))
      .limit(1);
  };
  const winner = database
    .select(winnerColumns(jam))
    .from(entries)
    .where(and(eq(entries.jamId, jam.id), isManagersWinner(rankedEntries)))
    .orderBy(asc(entries.submittedAt))
    .limit(1);
  // A `both` jam has a second ranking, the judges' own (ADR 040).
  return jam.whoJudges === 'both'
    ? { winner, community: first('jam'), judges: first('judges') }
    : { winner, community: first('jam') };
}

type WinnerRow = { entry: Entry; votes: number; coCreators: string; criteria: string | null };

/**
 * The winners from the queries' rows. The first of the jam's own ranking is the community's choice, or
 * in a judges-only jam the judges' choice; a `both` jam's judges' choice is the first of the judges' ranking.
 */
function toWinners(
  jam: Jam,
  {
    winner: [winner],
    community: [first],
    judges: [judges] = [],
  }: { winner: WinnerRow[]; community: WinnerRow[]; judges?: WinnerRow[] },
): WinnersDto {
  const dto = (row: WinnerRow | undefined): EntryDto | null =>
    row
      ? toEntryDto(
          { ...row.entry, votes: row.votes, coCreators: toCoCreators(row.coCreators) },
          { jam, resultsPublic: true },
          parseCriterionResults(row.criteria),
        )
      : null;
  const judgesOnly = jam.whoJudges === 'judges';
  return {
    winner: dto(winner),
    communityChoice: judgesOnly ? null : dto(first),
    judgesChoice: judgesOnly ? dto(first) : dto(judges),
  };
}

export async function readWinners(jam: Jam): Promise<WinnersDto> {
  if (!resultsArePublic(jam)) return { winner: null, communityChoice: null, judgesChoice: null };
  // Side by side: one round trip for all three (ADR 034).
  return toWinners(jam, await readTogether(winnersQueries(jam)));
}

export const DISQUALIFIED_WINNER_MESSAGE =
  'A disqualified entry cannot be the winner. Reopen its review first if disqualifying it was a mistake.';

/** The permission and the entry, read side by side (one round trip); a refusal still comes first. */
async function requireEndedJamEntry(actor: SessionUser, jam: Jam, entryId: number): Promise<Entry> {
  const allowed = requireJamPermission(actor, jam.id, 'jam:select-winner');
  const entry = requireEntry(jam, entryId);
  entry.catch(() => undefined);
  await allowed;
  // Over means voting is over too: winners wait for the end of a voting period.
  if (!votingHasClosed(jam)) throw new AppError(409, 'conflict', 'Winners can be chosen once the jam is over.');
  return entry;
}

/** One selected winner per jam: selecting another entry moves the title to it. */
export async function selectWinner(actor: SessionUser, jam: Jam, entryId: number): Promise<WinnersDto> {
  const entry = await requireEndedJamEntry(actor, jam, entryId);
  if (!isRankedReview(entry.review)) throw new AppError(409, 'conflict', DISQUALIFIED_WINNER_MESSAGE);
  const database = db();
  // The move, its audit entry and the winners it leaves: one batch, one round trip.
  const written = await batchNamed(database, {
    unsetFormer: database
      .update(entries)
      .set({ isWinner: false })
      .where(and(eq(entries.jamId, jam.id), isManagersWinner(rankedEntries))),
    setWinner: database.update(entries).set({ isWinner: true }).where(eq(entries.id, entry.id)),
    audit: auditStatement(database, actor, {
      action: 'winner.select',
      jamId: jam.id,
      targetUserId: entry.submitterId,
      details: { entryId },
    }),
    ...winnersQueries(jam),
  });
  announceChange({ kind: 'entries', jamId: jam.id });
  return toWinners(jam, written);
}

export async function revokeWinner(actor: SessionUser, jam: Jam, entryId: number): Promise<WinnersDto> {
  const entry = await requireEndedJamEntry(actor, jam, entryId);
  if (!entry.isWinner) throw new AppError(409, 'conflict', 'That entry is not the winner.');
  const database = db();
  // The change, its audit entry and the winners it leaves: one batch, one round trip.
  const written = await batchNamed(database, {
    revoke: database.update(entries).set({ isWinner: false }).where(eq(entries.id, entry.id)),
    audit: auditStatement(database, actor, {
      action: 'winner.revoke',
      jamId: jam.id,
      targetUserId: entry.submitterId,
      details: { entryId },
    }),
    ...winnersQueries(jam),
  });
  announceChange({ kind: 'entries', jamId: jam.id });
  return toWinners(jam, written);
}
