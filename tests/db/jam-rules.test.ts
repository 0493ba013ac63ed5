/**
 * One home per fact (issue 55 §1, ADR 048): each rule about a jam is written once in TypeScript and
 * once in SQL, side by side in its own file, and here the two forms answer alike on a real database
 * for every phase of a jam — before its start, while it runs, in its voting period, after it — with
 * automatic results, manual results waiting and published, and hidden entries or not. "Whose entry"
 * is checked the same way for a submitter, an accepted and an invited co-creator and a stranger.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Jam, entries, entryCredits, jams, users } from '#db/schema';
import { entriesAreHidden, entriesAreHiddenSql } from '#lib/entries-hidden';
import { closesAt, closesAtSql, jamPhase, jamPhaseSql, votingHasClosed, votingHasClosedSql } from '#lib/jam-timing';
import { resultsArePublic, resultsArePublicSql, resultsPublicAt, resultsPublicAtSql } from '#lib/results-public';
import { isOnTeamOf, onTeamCondition, teamOf, theirEntryInJamCondition } from '#server/teams/co-creators';
import { type TestDatabase, createTestDatabase } from '../helpers/database';
import { insertEntry, insertJam } from '../helpers/factories';
import { installHost } from '#server/platform/host';

const MINUTE = 60_000;
/** The jams' moments, in minutes from T: start 0, submission end 10, voting end 20 (when there is one), publish 25. */
const T = Date.UTC(2026, 0, 1);
const at = (minutes: number) => new Date(T + minutes * MINUTE);
/** Every phase and every edge between them (a moment is in the phase it starts). */
const NOWS = [-5, 0, 5, 10, 15, 20, 22, 25, 30].map((minutes) => T + minutes * MINUTE);

let test: TestDatabase;
const made: Jam[] = [];

beforeAll(async () => {
  test = await createTestDatabase();
  process.env.DATABASE_URL = test.url;
  // Read afresh: making a remote test database already read the configuration (a client's deadline).
  installHost({ environment: { ...process.env } });
  for (const votingEndsAt of [null, at(20)])
    for (const [results, resultsPublishedAt] of [
      ['automatic', null],
      ['manual', null],
      ['manual', at(25)],
      // Published in the voting period (the jam's end moved later since): public only once voting closes.
      ['manual', at(12)],
    ] as const)
      for (const hiddenEntries of [false, true]) {
        made.push(
          await insertJam(test.database, {
            startsAt: at(0),
            endsAt: at(10),
            votingEndsAt,
            results,
            resultsPublishedAt,
            hiddenEntries,
          }),
        );
      }
});
afterAll(() => {
  installHost({ environment: undefined });
  return test?.cleanup();
});

/** Every rule's SQL form for one jam at one moment, read from the database. */
async function sqlAnswers(jamId: number, now: number) {
  const [row] = await test.database
    .select({
      phase: jamPhaseSql(jams, now),
      closed: votingHasClosedSql(jams, now),
      closesAt: closesAtSql(jams),
      resultsPublic: resultsArePublicSql(jams, now),
      resultsPublicAt: resultsPublicAtSql(jams),
      hidden: entriesAreHiddenSql(jams, now),
    })
    .from(jams)
    .where(eq(jams.id, jamId));
  return {
    phase: row!.phase,
    closed: Boolean(Number(row!.closed)),
    closesAt: Number(row!.closesAt),
    resultsPublic: Boolean(Number(row!.resultsPublic)),
    resultsPublicAt: row!.resultsPublicAt === null ? null : Number(row!.resultsPublicAt),
    hidden: Boolean(Number(row!.hidden)),
  };
}

const tsAnswers = (jam: Jam, now: number) => ({
  phase: jamPhase(jam, now),
  closed: votingHasClosed(jam, now),
  closesAt: closesAt(jam),
  resultsPublic: resultsArePublic(jam, now),
  resultsPublicAt: resultsPublicAt(jam),
  hidden: entriesAreHidden(jam, now),
});

describe('the TypeScript and SQL forms of each rule agree', () => {
  it('on the clock, results public and entries hidden, for every phase of every kind of jam', async () => {
    const disagreements: string[] = [];
    for (const jam of made) {
      for (const now of NOWS) {
        const [ts, db] = [tsAnswers(jam, now), await sqlAnswers(jam.id, now)];
        const label = `${jam.results}/${jam.resultsPublishedAt ? 'published' : '-'}/${jam.votingEndsAt ? 'voting period' : '-'}/${jam.hiddenEntries ? 'hidden' : '-'} at ${(now - T) / MINUTE} min`;
        if (JSON.stringify(ts) !== JSON.stringify(db))
          disagreements.push(`${label}: ${JSON.stringify(ts)} ≠ ${JSON.stringify(db)}`);
      }
    }
    expect(disagreements).toEqual([]);
  });

  it('walks through every phase, and results public is "results public at" having come', () => {
    const phases = new Set(made.flatMap((jam) => NOWS.map((now) => jamPhase(jam, now))));
    expect([...phases].sort()).toEqual(['ended', 'ongoing', 'upcoming', 'voting']);
    for (const jam of made) {
      // A publish is stored when it happens, never ahead of the clock.
      for (const now of NOWS.filter((moment) => !jam.resultsPublishedAt || jam.resultsPublishedAt.getTime() <= moment)) {
        const when = resultsPublicAt(jam);
        expect(resultsArePublic(jam, now)).toBe(when !== null && when <= now);
      }
    }
    // A manual jam waits for the publish, not for the clock.
    const waiting = made.find((jam) => jam.results === 'manual' && !jam.resultsPublishedAt)!;
    expect(NOWS.some((now) => resultsArePublic(waiting, now))).toBe(false);
  });

  it('on whose entry: the submitter and accepted co-creators, not an invited one nor a stranger', async () => {
    const [submitter, accepted, invited, stranger] = await test.database
      .insert(users)
      .values(['rules_submitter', 'rules_accepted', 'rules_invited', 'rules_stranger'].map((name) => ({ name })))
      .returning();
    const entry = await insertEntry(test.database, made[0]!.id, submitter!.id, 991_001);
    await test.database.insert(entryCredits).values([
      { entryId: entry.id, jamId: entry.jamId, userId: accepted!.id, status: 'accepted', acceptedAt: new Date() },
      { entryId: entry.id, jamId: entry.jamId, userId: invited!.id, status: 'invited' },
    ]);
    const credits = await test.database.select().from(entryCredits).where(eq(entryCredits.entryId, entry.id));
    const team = (await test.database.all<{ user_id: number }>(sql`select user_id from (${teamOf(entry.id)})`)).map((row) =>
      Number(row.user_id),
    );
    for (const person of [submitter!, accepted!, invited!, stranger!]) {
      const credit = credits.find((row) => row.userId === person.id);
      const [row] = await test.database.all<{ yes: number }>(sql`select ${onTeamCondition(entry.id, person.id)} as yes`);
      const inSql = Boolean(Number(row!.yes));
      expect(isOnTeamOf(entry, person.id, credit), person.name).toBe(inSql);
      expect(team.includes(person.id), person.name).toBe(inSql);
    }
    expect(team.sort()).toEqual([submitter!.id, accepted!.id].sort());

    // A person's entry among a jam's: the same people, found through their own entries (the viewer
    // document and the inbox ask it on every call; walking the jam's index tested each of its entries).
    for (const person of [submitter!, accepted!, invited!, stranger!]) {
      const theirs = test.database
        .select({ id: entries.id })
        .from(entries)
        .where(theirEntryInJamCondition(entries.id, entries.jamId, entry.jamId, person.id));
      const found = (await theirs).map((row) => row.id);
      expect(found, person.name).toEqual(
        isOnTeamOf(
          entry,
          person.id,
          credits.find((row) => row.userId === person.id),
        )
          ? [entry.id]
          : [],
      );
      const { sql: text, params } = theirs.toSQL();
      const plan = await test.database.$client.execute({ sql: `explain query plan ${text}`, args: params as never });
      expect(plan.rows.map((row) => String(row.detail)).join('\n')).toMatch(/SEARCH entries USING INTEGER PRIMARY KEY/);
    }
  });
});
