/**
 * Whether a jam's results are public (ADR 041, issue 55 §1): vote counts, ranks, places, stars, the
 * managers' winner and play counts are shown once voting has closed, and in a jam with manual results
 * only once a manager has published them. The one rule, as TypeScript and as SQL side by side;
 * tests/db/jam-rules.test.ts checks that they agree on every phase of a jam, and
 * tests/api/results-routes.test.ts that every route showing a result follows it.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type JamColumnsSql, type JamWindow, closesAt, closesAtSql, votingHasClosed, votingHasClosedSql } from './jam-timing';

const ms = (value: Date | string | number) => new Date(value).getTime();

/** The one rule every place follows (the managers' preview excepted: they see their jam's results early). */
export const resultsArePublic = (jam: JamWindow, now = Date.now()) =>
  votingHasClosed(jam, now) && (jam.results !== 'manual' || jam.resultsPublishedAt != null);

/** Voting has closed in a manual jam whose results a manager has not published yet. */
export const resultsAwaitPublish = (jam: JamWindow, now = Date.now()) =>
  votingHasClosed(jam, now) && jam.results === 'manual' && jam.resultsPublishedAt == null;

/**
 * When the results went (or go) public: the close of voting, or in a manual jam the publish (never
 * before the close); null while a manual jam waits for it. `resultsArePublic` is `resultsPublicAt <= now`.
 */
export const resultsPublicAt = (jam: JamWindow): number | null => {
  if (jam.results !== 'manual') return closesAt(jam);
  return jam.resultsPublishedAt == null ? null : Math.max(ms(jam.resultsPublishedAt), closesAt(jam));
};

/** {@link resultsArePublic} in SQL. */
export const resultsArePublicSql = (j: JamColumnsSql, now: number): SQL<boolean> =>
  sql<boolean>`(${votingHasClosedSql(j, now)} and (${j.results} <> 'manual' or ${j.resultsPublishedAt} is not null))`;

/** {@link resultsPublicAt} in SQL. */
export const resultsPublicAtSql = (j: JamColumnsSql): SQL<number | null> =>
  sql<number | null>`(case when ${j.results} <> 'manual' then ${closesAtSql(j)}
    when ${j.resultsPublishedAt} is null then null else max(${j.resultsPublishedAt}, ${closesAtSql(j)}) end)`;
