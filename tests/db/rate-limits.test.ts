/**
 * Rate limits kept in the database (every host but our Node server): the same token buckets as in a
 * process, taken by one statement, so requests at once — from any isolate — never take one token twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseRateLimits, pruneRateLimits } from '#server/http/rate-limit';
import { installHost } from '#server/platform/host';
import { rateLimitBuckets } from '#db/schema';
import { type TestDatabase, createTestDatabase } from '../helpers/database';

let test: TestDatabase;
let now = 1_000_000;
const store = databaseRateLimits(() => now);

beforeAll(async () => {
  test = await createTestDatabase();
  installHost({ database: test.database });
});
afterAll(() => test?.cleanup());

describe('rate limits kept in the database', () => {
  it('allows a burst of `capacity` requests, then asks to wait until a token is back', async () => {
    const limit = { capacity: 3, perMs: 3000 };
    const taken = [];
    for (let i = 0; i < 4; i += 1) taken.push(await store.take('burst', limit));
    expect(taken).toEqual([null, null, null, 1]);
  });

  it('refills evenly over the period', async () => {
    const limit = { capacity: 2, perMs: 60_000 };
    await store.take('refill', limit);
    await store.take('refill', limit);
    expect(await store.take('refill', limit)).toBe(30);
    now += 29_000;
    expect(await store.take('refill', limit)).toBe(1);
    now += 1_000;
    expect(await store.take('refill', limit)).toBeNull();
  });

  it('never lets requests sent at once take more than the bucket holds', async () => {
    const limit = { capacity: 10, perMs: 3_600_000 };
    const answers = await Promise.all(Array.from({ length: 40 }, () => store.take('rush', limit)));
    expect(answers.filter((wait) => wait === null)).toHaveLength(10);
  });

  it('forgets buckets untouched for a day', async () => {
    await store.take('old', { capacity: 1, perMs: 1000 });
    await pruneRateLimits(now + 86_400_001);
    const keys = (await test.database.select({ key: rateLimitBuckets.key }).from(rateLimitBuckets)).map((row) => row.key);
    expect(keys).toEqual([]);
  });
});
