/**
 * An Idempotency-Key travels with its request's first write (ADR 047): stored if and only if the
 * write is, in one batch or transaction, on the embedded file and on a libSQL server alike.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, rateLimitBuckets } from '#db/schema';
import { IDEMPOTENCY_KEY_LIFETIME_MS, pruneIdempotencyKeys } from '#server/http/idempotency';
import { type RequestState, installHost } from '#server/platform/host';
import { type TestDatabase, createTestDatabase } from '../helpers/database';

let test: TestDatabase;
const context = new AsyncLocalStorage<RequestState>();

beforeAll(async () => {
  test = await createTestDatabase();
  installHost({ requestContext: context, database: test.database });
});
afterAll(async () => {
  installHost({ requestContext: undefined, database: undefined });
  await test?.cleanup();
});

let keys = 0;
/** A request's state with a claim for a fresh key, as `answerOnce` leaves it. */
function keyed(key = `key-${(keys += 1)}`): RequestState & { key: string } {
  const claim = test.database
    .insert(idempotencyKeys)
    .values({ owner: 'user:1', key, fingerprint: 'f', createdAt: Date.now() })
    .toSQL();
  return { key, claim: { sql: claim.sql, args: claim.params as (string | number)[], state: 'waiting' } };
}
const storedKey = async (key: string) =>
  (await test.database.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).length;
const bucket = (key: string) => ({ key, tokens: 1, at: Date.now() });
const storedBucket = async (key: string) =>
  (await test.database.select().from(rateLimitBuckets).where(eq(rateLimitBuckets.key, key))).length;

describe('a request’s Idempotency-Key', () => {
  it('is written with the first write, a statement, and only once', async () => {
    const state = keyed();
    await context.run(state, async () => {
      await test.database.insert(rateLimitBuckets).values(bucket('statement-1'));
      await test.database.insert(rateLimitBuckets).values(bucket('statement-2'));
    });
    expect(state.claim?.state).toBe('written');
    expect(await storedKey(state.key)).toBe(1);
    expect(await storedBucket('statement-1')).toBe(1);
    expect(await storedBucket('statement-2')).toBe(1);
  });

  it('is written with a batch, and a write with `returning` still answers its own rows', async () => {
    const state = keyed();
    const [inserted] = await context.run(
      state,
      async () => await test.database.batch([test.database.insert(rateLimitBuckets).values(bucket('batch-1')).returning()]),
    );
    expect(inserted).toEqual([expect.objectContaining({ key: 'batch-1' })]);
    expect(await storedKey(state.key)).toBe(1);
  });

  it('is not written with a read, nor with a transaction that rolls back', async () => {
    const state = keyed();
    await context.run(state, async () => {
      await test.database.select().from(rateLimitBuckets);
      await expect(
        test.database.transaction(async (tx) => {
          await tx.insert(rateLimitBuckets).values(bucket('rolled-back'));
          throw new Error('refused after the insert');
        }),
      ).rejects.toThrow('refused after the insert');
    });
    expect(state.claim?.state).toBe('waiting');
    expect(await storedKey(state.key)).toBe(0);
    expect(await storedBucket('rolled-back')).toBe(0);
  });

  it('is written with a transaction that commits', async () => {
    const state = keyed();
    await context.run(state, async () => {
      await test.database.transaction(async (tx) => {
        await tx.insert(rateLimitBuckets).values(bucket('committed'));
      });
    });
    expect(state.claim?.state).toBe('written');
    expect(await storedKey(state.key)).toBe(1);
    expect(await storedBucket('committed')).toBe(1);
  });

  it('makes a second write with the same key fail whole: its own row is not stored', async () => {
    const first = keyed();
    // Awaited inside the context: a drizzle query runs when it is awaited, not when it is built.
    await context.run(first, async () => {
      await test.database.insert(rateLimitBuckets).values(bucket('first-of-two'));
    });
    const second = keyed(first.key);
    await expect(
      context.run(second, async () => {
        await test.database.insert(rateLimitBuckets).values(bucket('second-of-two'));
      }),
    ).rejects.toThrow();
    expect(await storedKey(first.key)).toBe(1);
    expect(await storedBucket('second-of-two')).toBe(0);
  });
});

describe('the hourly sweep', () => {
  it('deletes keys older than a day and keeps younger ones', async () => {
    const now = Date.now();
    await test.database.insert(idempotencyKeys).values([
      { owner: 'user:2', key: 'a-day-old', fingerprint: 'f', createdAt: now - IDEMPOTENCY_KEY_LIFETIME_MS - 1000 },
      { owner: 'user:2', key: 'an-hour-old', fingerprint: 'f', createdAt: now - 3_600_000 },
    ]);
    await pruneIdempotencyKeys(now);
    expect(await storedKey('a-day-old')).toBe(0);
    expect(await storedKey('an-hour-old')).toBe(1);
  });
});
