/**
 * Page changes passed between servers on embedded replicas (ADR 056): each server reads what every
 * server announced since it opened its log, each once; a flood past what one sync reads makes every
 * page due; the sweep forgets changes an hour old. Two logs on one database stand in for two servers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageChanges } from '#db/schema';
import {
  MOST_CHANGES_A_SYNC,
  PAGE_CHANGES_KEPT_MS,
  openPageChangesLog,
  prunePageChanges,
} from '#server/platform/page-changes-log';
import { installHost } from '#server/platform/host';
import { type TestDatabase, createTestDatabase } from '../helpers/database';

let test: TestDatabase;

beforeAll(async () => {
  test = await createTestDatabase();
  installHost({ database: test.database });
});
afterAll(async () => {
  installHost({ database: undefined });
  await test?.cleanup();
});

const servers = async () => {
  const { database } = test;
  return [await openPageChangesLog(database, database), await openPageChangesLog(database, database)];
};

describe('page changes passed between servers', () => {
  it('reads the changes every server announced since it opened its log, its own too (its write may have come with them), each once', async () => {
    await test.database.insert(pageChanges).values({ change: { kind: 'users' } });
    const [first, second] = await servers();
    await first!.share({ kind: 'entries', jamId: 7 });
    await second!.share({ kind: 'jam', jamId: 8 });
    await second!.share({ kind: 'entry', jamId: 8, entryId: 80 });

    const written = [
      { kind: 'entries', jamId: 7 },
      { kind: 'jam', jamId: 8 },
      { kind: 'entry', jamId: 8, entryId: 80 },
    ];
    expect(await first!.readNew()).toEqual(written);
    expect(await second!.readNew()).toEqual(written);
    expect(await first!.readNew()).toEqual([]);
  });

  it(`makes every page due when more than ${MOST_CHANGES_A_SYNC} changes came in one sync, then reads on from the newest`, async () => {
    const [first, second] = await servers();
    for (let i = 0; i <= MOST_CHANGES_A_SYNC; i += 1) await second!.share({ kind: 'participants', jamId: i });
    expect(await first!.readNew()).toEqual([{ kind: 'elsewhere' }]);
    await second!.share({ kind: 'users' });
    expect(await first!.readNew()).toEqual([{ kind: 'users' }]);
  });

  it('forgets, in the hourly sweep, the changes written over an hour ago', async () => {
    const now = Date.now();
    await test.database.delete(pageChanges);
    await test.database.insert(pageChanges).values([
      { change: { kind: 'users' }, createdAt: new Date(now - PAGE_CHANGES_KEPT_MS - 1000) },
      { change: { kind: 'jam', jamId: 1 }, createdAt: new Date(now - 1000) },
    ]);
    await prunePageChanges(now);
    expect((await test.database.select().from(pageChanges)).map((row) => row.change)).toEqual([{ kind: 'jam', jamId: 1 }]);
  });
});
