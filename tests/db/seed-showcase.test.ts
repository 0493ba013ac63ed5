import { count, eq } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '#db/seed';
import { SHOWCASE, seedShowcase } from '#db/seed-showcase';
import {
  entries,
  entryCredits,
  jamEvents,
  jamJudges,
  jams,
  judgeFeedback,
  lateSubmissions,
  notes,
  plays,
  ratings,
  themeFinalVotes,
  themeSuggestions,
  users,
} from '#db/schema';
import { resultsAwaitPublish } from '#lib/results-public';
import { themePhase } from '#lib/themes';
import { type TestDatabase, createTestDatabase } from '../helpers/database';

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test.cleanup());

const now = new Date('2026-11-22T12:34:00Z');
const total = async (table: SQLiteTable) => (await test.database.select({ n: count() }).from(table))[0]!.n;

describe('the showcase seed (npm run db:seed)', () => {
  it('adds jams that show every feature, the same on a second run', async () => {
    await seedDemoData(test.database, now);
    await seedShowcase(test.database, now);
    const first = {
      users: await total(users),
      jams: await total(jams),
      entries: await total(entries),
      ratings: await total(ratings),
    };
    await seedDemoData(test.database, now);
    await seedShowcase(test.database, now);
    expect({
      users: await total(users),
      jams: await total(jams),
      entries: await total(entries),
      ratings: await total(ratings),
    }).toEqual(first);
    expect(first.jams).toBe(3 + Object.keys(SHOWCASE).length);

    const jam = async (slug: string) => (await test.database.select().from(jams).where(eq(jams.slug, slug)))[0]!;
    const ratingsJam = await jam(SHOWCASE.ratings);
    expect(ratingsJam.judging).toBe('ratings');
    expect(ratingsJam.questions.length).toBeGreaterThan(0);
    expect(await test.database.select().from(jamJudges).where(eq(jamJudges.jamId, ratingsJam.id))).not.toHaveLength(0);
    expect(await test.database.select().from(judgeFeedback).where(eq(judgeFeedback.jamId, ratingsJam.id))).not.toHaveLength(0);
    expect(await total(notes)).toBeGreaterThan(0);
    expect(await total(plays)).toBeGreaterThan(0);
    expect(await total(entryCredits)).toBeGreaterThan(0);
    expect(await total(lateSubmissions)).toBe(1);
    expect(await total(themeSuggestions)).toBeGreaterThan(0);
    expect(await total(themeFinalVotes)).toBeGreaterThan(0);

    expect(resultsAwaitPublish(await jam(SHOWCASE.resultsWaiting), now.getTime())).toBe(true);
    expect((await jam(SHOWCASE.hiddenEntries)).hiddenEntries).toBe(true);
    const phases = [SHOWCASE.themeSuggesting, SHOWCASE.themeRound1, SHOWCASE.themeFinal, SHOWCASE.ratings];
    expect(await Promise.all(phases.map(async (slug) => themePhase(await jam(slug), now.getTime())))).toEqual([
      'suggesting',
      'round1',
      'final',
      'revealed',
    ]);
    const live = await jam(SHOWCASE.live);
    const events = await test.database.select().from(jamEvents).where(eq(jamEvents.jamId, live.id));
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((event) => now.getTime() - event.createdAt.getTime() < 3_600_000)).toBe(true);
  });
});
