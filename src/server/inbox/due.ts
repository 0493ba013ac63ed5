/**
 * Time-based inbox events (issue 34 §2), worked out when the person reads the inbox or the bell's
 * count, from the jams they joined and the clock: no background job, so every deploy target has them.
 *
 * An event is due when its moment has come and is not long past, and the person had joined by then
 * (joining a running jam does not say "it started", joining in the last day does not say "24 hours
 * left"). One query finds the due events not written yet (each checked by the unique (user, key)
 * index), read beside what the request shows; when something is due, one batch writes it and reads
 * that again (./inbox.ts); when nothing is due nothing is written.
 *
 * - `started:{jamId}` while the jam runs (data.mystery: its theme is out);
 * - `deadline:{jamId}` in the jam's last 24 hours, when the person has no entry (submitted or credited on);
 * - `voting-ends:{jamId}` in the last 24 hours of a voting period;
 * - theme rounds (ADR 043): `theme-suggest:{jamId}` while suggestions are open, `theme-final:{jamId}`
 *   while the final round is, `theme-out:{jamId}` while the jam runs (data.theme: the winner);
 * - results, for RESULTS_FRESH_MS after they went public (resultsArePublic: when voting closed, or in a
 *   jam with manual results when a manager published them, never before; ADR 041): `results:{jamId}:won` when
 *   the person's entry (submitted or credited on: the whole team hears) is the selected winner, `results:{jamId}:choice` when it is the community's
 *   choice, else `results:{jamId}`. A winner selected after the person first read the results still
 *   arrives (its own key).
 */
import type { InArgs } from '@libsql/client';
import { type Query, type SQL, fillPlaceholders, sql } from 'drizzle-orm';
import { SQLiteAsyncDialect, alias } from 'drizzle-orm/sqlite-core';
import { entries, jamParticipants, jams, notifications } from '#db/schema';
import { closesAt, closesAtSql, jamPhase, jamPhaseSql } from '#lib/jam-timing';
import { resultsPublicAtSql } from '#lib/results-public';
import { onTeamCondition, theirEntryInJamCondition } from '#server/teams/co-creators';
import { communityChoiceOf, isManagersWinner, placeOf, rankedEntry } from '#server/judging/ranking';
import { db } from '#server/platform/db';
import type { InboxEvent } from './notify';

export const DAY_MS = 24 * 60 * 60 * 1000;
/** Results are news for two weeks after voting closed; older jams joined long ago stay quiet. */
export const RESULTS_FRESH_MS = 14 * DAY_MS;

interface DueRow {
  jamId: number;
  mystery: number;
  startsAt: number;
  endsAt: number;
  votingEndsAt: number | null;
  /** When the results went (or go) public: the voting close, or the publish of a manual jam (null: not yet). */
  resultsAt: number | null;
  joinedAt: number;
  myEntry: number | null;
  won: number;
  choice: number;
  /** Their entry's place and how many entries the jam has ("3rd of 412", issue 57); null when not ranked. */
  place: number | null;
  entryCount: number;
  hasStarted: number;
  hasDeadline: number;
  hasVotingEnds: number;
  hasResults: number;
  hasWon: number;
  hasChoice: number;
  themeRounds: number;
  themeSuggestFrom: number | null;
  themeRound1From: number | null;
  themeFinalFrom: number | null;
  themeClosesAt: number | null;
  themeLeader: string | null;
  hasThemeSuggest: number;
  hasThemeFinal: number;
  hasThemeOut: number;
}

/** Whether `e`, an entry of the subqueries below, is its jam's winner. */
const isWinnerHere = isManagersWinner(rankedEntry(alias(entries, 'e')));

const has = (key: SQL) => sql`exists (select 1 from ${notifications} n where n.user_id = p.user_id and n.key = ${key})`;

/**
 * The query behind {@link dueEventsOf}, built once: drizzle took 0.7 ms to build it on every viewer
 * document and bell (20 times what SQLite took to run it); each call fills in the person and the time.
 */
function buildDueQuery(): Query {
  const userId = sql.placeholder('userId');
  const now = sql.placeholder('now');
  // The jam's clock and "results public" are the rules of src/lib (ADR 048), read against the alias `j`.
  const jam = alias(jams, 'j');
  const close = closesAtSql(jam);
  const resultsAt = resultsPublicAtSql(jam);
  const jamKey = (prefix: string, suffix = '') => sql`${prefix} || j.id || ${suffix}`;
  // The person's entry in the jam: submitted or credited on (the one rule of src/server/teams/co-creators.ts).
  const theirs = theirEntryInJamCondition(sql`e.id`, sql`e.jam_id`, sql`j.id`, sql`p.user_id`);
  // The results' event alone needs the place, the win and the community's choice; the place counts
  // every entry ranked ahead (10,000 in a big jam), so it is reckoned only while that event is due.
  const resultsFresh = sql`(${resultsAt} <= ${now} and ${now} < ${resultsAt} + ${RESULTS_FRESH_MS})`;
  const query = sql`
    select j.id as jamId, j.mystery as mystery, j.starts_at as startsAt, j.ends_at as endsAt,
      j.voting_ends_at as votingEndsAt, ${resultsAt} as resultsAt, p.joined_at as joinedAt,
      (select e.id from ${entries} e where ${theirs}) as myEntry,
      case when ${resultsFresh} then (select ${placeOf(rankedEntry(alias(entries, 'e')))} from ${entries} e
        where ${theirs}) end as place,
      j.entry_count as entryCount,
      case when ${resultsFresh} then exists (select 1 from ${entries} e where ${theirs} and ${isWinnerHere})
        else 0 end as won,
      case when ${resultsFresh} then coalesce(${onTeamCondition(communityChoiceOf(sql`j.id`), sql`p.user_id`)}, 0)
        else 0 end as choice,
      ${has(jamKey('started:'))} as hasStarted,
      ${has(jamKey('deadline:'))} as hasDeadline,
      ${has(jamKey('voting-ends:'))} as hasVotingEnds,
      ${has(jamKey('results:'))} as hasResults,
      ${has(jamKey('results:', ':won'))} as hasWon,
      ${has(jamKey('results:', ':choice'))} as hasChoice,
      j.theme_rounds as themeRounds, j.theme_suggest_from as themeSuggestFrom, j.theme_round1_from as themeRound1From,
      j.theme_final_from as themeFinalFrom, j.theme_closes_at as themeClosesAt, j.theme_leader as themeLeader,
      ${has(jamKey('theme-suggest:'))} as hasThemeSuggest,
      ${has(jamKey('theme-final:'))} as hasThemeFinal,
      ${has(jamKey('theme-out:'))} as hasThemeOut
    from ${jamParticipants} p join ${jams} j on j.id = p.jam_id
    where p.user_id = ${userId} and (
      (${jamPhaseSql(jam, now)} = 'ongoing' and p.joined_at <= j.starts_at)
      or (j.ends_at - ${DAY_MS} <= ${now} and ${now} < j.ends_at and p.joined_at <= j.ends_at - ${DAY_MS})
      or (j.voting_ends_at is not null and j.voting_ends_at - ${DAY_MS} <= ${now} and ${now} < j.voting_ends_at
        and p.joined_at <= j.voting_ends_at - ${DAY_MS})
      or (${resultsFresh} and p.joined_at <= ${close})
      or (j.theme_rounds = 1 and j.theme_suggest_from <= ${now} and ${now} < j.theme_round1_from)
      or (j.theme_rounds = 1 and j.theme_final_from <= ${now} and ${now} < j.theme_closes_at)
    )`;
  return new SQLiteAsyncDialect().sqlToQuery(query);
}
let dueQuery: Query | undefined;

/** The person's due time-based events that are not in their inbox yet (a read; the caller writes them). */
export async function dueEventsOf(userId: number, now = Date.now()): Promise<InboxEvent[]> {
  const { sql: text, params } = (dueQuery ??= buildDueQuery());
  const { rows } = await db().$client.execute({ sql: text, args: fillPlaceholders(params, { userId, now }) as InArgs });
  return (rows as unknown as DueRow[]).flatMap((row) => dueEvents(userId, row, now));
}

function dueEvents(userId: number, row: DueRow, now: number): InboxEvent[] {
  const events: InboxEvent[] = [];
  const base = { userId, jamId: row.jamId };
  const joined = row.joinedAt;
  const running = jamPhase(row, now) === 'ongoing';
  if (running && joined <= row.startsAt && !row.hasStarted) {
    events.push({
      ...base,
      kind: 'jam-started',
      key: `started:${row.jamId}`,
      data: { mystery: Boolean(row.mystery) },
      createdAt: new Date(row.startsAt),
    });
  }
  events.push(...themeEvents(base, row, now, running && joined <= row.startsAt));
  const lastDay = row.endsAt - DAY_MS;
  if (lastDay <= now && now < row.endsAt && joined <= lastDay && row.myEntry === null && !row.hasDeadline) {
    events.push({ ...base, kind: 'deadline-soon', key: `deadline:${row.jamId}`, createdAt: new Date(lastDay) });
  }
  if (row.votingEndsAt !== null) {
    const lastVotingDay = row.votingEndsAt - DAY_MS;
    if (lastVotingDay <= now && now < row.votingEndsAt && joined <= lastVotingDay && !row.hasVotingEnds) {
      events.push({ ...base, kind: 'voting-ends-soon', key: `voting-ends:${row.jamId}`, createdAt: new Date(lastVotingDay) });
    }
  }
  const close = closesAt(row);
  const resultsAt = row.resultsAt;
  if (resultsAt !== null && resultsAt <= now && now < resultsAt + RESULTS_FRESH_MS && joined <= close) {
    const won = Boolean(row.won);
    const choice = !won && Boolean(row.choice);
    const [key, told] = won
      ? [`results:${row.jamId}:won`, row.hasWon]
      : choice
        ? [`results:${row.jamId}:choice`, row.hasChoice || row.hasWon]
        : [`results:${row.jamId}`, row.hasResults || row.hasWon || row.hasChoice];
    if (!told) {
      events.push({
        ...base,
        kind: 'results',
        key,
        entryId: row.myEntry,
        data: { won, communityChoice: choice, ...(row.place ? { place: Number(row.place), of: Number(row.entryCount) } : {}) },
        // A verdict that follows the results read earlier (a winner selected days after) is dated when it is seen.
        createdAt: new Date(row.hasResults || row.hasChoice ? now : resultsAt),
      });
    }
  }
  return events;
}

/** The theme rounds' news: suggestions open, the final round open, and the theme out once the jam runs. */
function themeEvents(base: { userId: number; jamId: number }, row: DueRow, now: number, startedForThem: boolean): InboxEvent[] {
  if (!row.themeRounds) return [];
  const events: InboxEvent[] = [];
  const within = (from: number | null, to: number | null) => from !== null && to !== null && from <= now && now < to;
  if (within(row.themeSuggestFrom, row.themeRound1From) && !row.hasThemeSuggest) {
    const createdAt = new Date(Math.max(row.themeSuggestFrom!, row.joinedAt));
    events.push({ ...base, kind: 'theme-suggestions-open', key: `theme-suggest:${row.jamId}`, createdAt });
  }
  if (within(row.themeFinalFrom, row.themeClosesAt) && !row.hasThemeFinal) {
    const createdAt = new Date(Math.max(row.themeFinalFrom!, row.joinedAt));
    events.push({ ...base, kind: 'theme-final-open', key: `theme-final:${row.jamId}`, createdAt });
  }
  if (startedForThem && row.themeLeader !== null && !row.hasThemeOut) {
    events.push({
      ...base,
      kind: 'theme-out',
      key: `theme-out:${row.jamId}`,
      data: { theme: row.themeLeader },
      createdAt: new Date(row.startsAt),
    });
  }
  return events;
}
