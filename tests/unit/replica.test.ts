import { AsyncLocalStorage } from 'node:async_hooks';
import type { Client, InStatement, ResultSet, Transaction } from '@libsql/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isRead, routedClient } from '#server/node/replica';
import { READ_YOUR_WRITES_MS, SYNC_GAP_MS, type Synced, replicaSync } from '#server/node/replica-sync';
import { type RequestState, installHost } from '#server/platform/host';

/** The sync side of a routed client that only records that a sync was asked for. */
const syncRecordedIn = (calls: string[]) => ({
  afterWrite: async () => void calls.push('sync'),
  wroteFor: (reader: string) => void calls.push(`sync for ${reader}`),
  readsPrimary: () => false,
});

/** A replica whose primary is at `frame`, answering or not. */
function fakeReplica(frame = 10) {
  const state = { frame, local: frame, up: true, syncs: 0, probes: 0, newFrames: 0 };
  const sync = replicaSync({
    frame,
    primary: 'http://primary.test',
    async probe() {
      state.probes += 1;
      if (!state.up) throw new Error('fetch failed', { cause: new Error('connect ECONNREFUSED 10.0.0.1:8080') });
    },
    async sync(): Promise<Synced> {
      state.syncs += 1;
      if (!state.up) throw new Error('Replication(PrimaryHandshakeTimeout)');
      const frames_synced = state.frame - state.local;
      state.local = state.frame;
      return { frame_no: state.local, frames_synced };
    },
    onNewFrames: () => (state.newFrames += 1),
  });
  return { state, sync };
}

afterEach(() => vi.restoreAllMocks());

describe('keeping an embedded replica in step', () => {
  it('drops the cached pages when a periodic sync finds new frames, and not when there were none', async () => {
    const { state, sync } = fakeReplica();
    await sync.tick();
    expect(state.newFrames).toBe(0);
    state.frame = 13; // another server wrote
    await sync.tick();
    expect(state.newFrames).toBe(1);
    await sync.tick();
    expect(state.newFrames).toBe(1);
  });

  it('drops them too when the sync after this server’s own write brought the frames (a page rendered before that sync lacks them)', async () => {
    const { state, sync } = fakeReplica();
    state.frame = 12;
    await sync.afterWrite();
    expect(state.local).toBe(12);
    expect(state.newFrames).toBe(1);
    await sync.tick();
    expect(state.newFrames).toBe(1);
  });

  it('lets writes that finish together share one sync', async () => {
    const { state, sync } = fakeReplica();
    state.frame = 14;
    await Promise.all([sync.afterWrite(), sync.afterWrite(), sync.afterWrite()]);
    expect(state.syncs).toBe(1);
    await sync.afterWrite();
    expect(state.syncs).toBe(2);
  });

  it('starts a sync SYNC_GAP_MS after the previous one began at the soonest, and the writes that finish meanwhile share it', async () => {
    const starts: number[] = [];
    const sync = replicaSync(
      {
        frame: 1,
        primary: 'http://primary.test',
        probe: async () => undefined,
        sync: async () => {
          starts.push(performance.now());
          return { frame_no: starts.length + 1, frames_synced: 1 };
        },
        onNewFrames: () => undefined,
      },
      () => performance.now(),
    );
    await sync.afterWrite();
    await Promise.all(Array.from({ length: 5 }, () => sync.afterWrite()));
    expect(starts).toHaveLength(2);
    expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(SYNC_GAP_MS);
  });

  it('brings every write that finishes during a sync with the one sync after it, and answers none before a sync that began after it', async () => {
    const began: ((synced: Synced) => void)[] = [];
    const sync = replicaSync({
      frame: 1,
      primary: 'http://primary.test',
      probe: async () => undefined,
      sync: () => new Promise<Synced>((resolve) => began.push(resolve)),
      onNewFrames: () => undefined,
    });
    const answered: string[] = [];
    const first = sync.afterWrite().then(() => answered.push('first'));
    await Promise.resolve();
    await Promise.resolve();
    expect(began).toHaveLength(1);
    // Acknowledged by the primary while that sync runs: the sync may not hold them.
    const during = Array.from({ length: 20 }, (_, i) => sync.afterWrite().then(() => answered.push(`during ${i}`)));
    began[0]!({ frame_no: 2, frames_synced: 1 });
    await first;
    expect(answered).toEqual(['first']);
    await vi.waitFor(() => expect(began).toHaveLength(2));
    began[1]!({ frame_no: 3, frames_synced: 20 });
    await Promise.all(during);
    expect(answered).toHaveLength(21);
    expect(began).toHaveLength(2);
  });

  it('does not sync while the primary does not answer, says so once, and once when it is back', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const logs = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const { state, sync } = fakeReplica();
    state.up = false;
    for (let round = 0; round < 5; round += 1) await sync.tick();
    expect(state.probes).toBe(5);
    expect(state.syncs).toBe(0);
    await expect(sync.afterWrite()).resolves.toBeUndefined(); // a failed sync after a write is logged, not thrown
    expect(errors).toHaveBeenCalledTimes(1);
    expect(String(errors.mock.calls[0]![0])).toMatch(
      /^The primary database at http:\/\/primary\.test cannot be reached \(connect ECONNREFUSED 10\.0\.0\.1:8080\): .*writes get 503/,
    );
    state.up = true;
    state.frame = 11;
    await sync.tick();
    await sync.tick();
    expect(logs).toHaveBeenCalledTimes(1);
    expect(String(logs.mock.calls[0]![0])).toMatch(/answers again .*writes resume/);
    expect(state.newFrames).toBe(1);
    state.up = false;
    await sync.tick();
    expect(errors).toHaveBeenCalledTimes(2); // a new outage is news again
  });

  it('sends a writer’s reads to the primary until a sync that began after their write has brought it', async () => {
    const began: ((synced: Synced) => void)[] = [];
    const sync = replicaSync({
      frame: 1,
      primary: 'http://primary.test',
      probe: async () => undefined,
      sync: () => new Promise<Synced>((resolve) => began.push(resolve)),
      onNewFrames: () => undefined,
    });
    const tick = sync.tick();
    await vi.waitFor(() => expect(began).toHaveLength(1));
    // Written while that periodic sync runs: it may not bring this write.
    sync.wroteFor('7');
    expect(sync.readsPrimary('7')).toBe(true);
    expect(sync.readsPrimary('8')).toBe(false);
    began[0]!({ frame_no: 2, frames_synced: 1 });
    await tick;
    expect(sync.readsPrimary('7')).toBe(true);
    await vi.waitFor(() => expect(began).toHaveLength(2)); // the write's own sync, after the running one
    began[1]!({ frame_no: 3, frames_synced: 1 });
    await vi.waitFor(() => expect(sync.readsPrimary('7')).toBe(false));
  });

  it('reads the replica again after a while when syncs keep failing (the writer is not held on a primary that is gone)', async () => {
    let now = 1_000_000;
    const sync = replicaSync(
      {
        frame: 1,
        primary: 'http://primary.test',
        probe: async () => undefined,
        sync: async () => {
          throw new Error('Replication(PrimaryHandshakeTimeout)');
        },
        onNewFrames: () => undefined,
      },
      () => now,
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    sync.wroteFor('7');
    await sync.afterWrite();
    expect(sync.readsPrimary('7')).toBe(true);
    now += READ_YOUR_WRITES_MS + 1;
    expect(sync.readsPrimary('7')).toBe(false);
  });

  it('runs its rounds one after another on a timer that does not keep the process alive', async () => {
    vi.useFakeTimers();
    try {
      const { state, sync } = fakeReplica();
      const stop = sync.start(1000);
      await vi.advanceTimersByTimeAsync(3500);
      expect(state.probes).toBe(3);
      stop();
      await vi.advanceTimersByTimeAsync(3000);
      expect(state.probes).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });
});

/** A client that records what it was asked. */
function recordingClient(name: string, calls: string[]): Client {
  const result = { rows: [], columns: [], columnTypes: [], rowsAffected: 0, lastInsertRowid: undefined } as unknown as ResultSet;
  const transaction = {
    execute: async (statement: InStatement) => (calls.push(`${name} tx ${(statement as { sql: string }).sql}`), result),
    commit: async () => void calls.push(`${name} commit`),
  } as unknown as Transaction;
  return {
    execute: async (statement: InStatement) => (calls.push(`${name} ${(statement as { sql: string }).sql}`), result),
    batch: async (statements: InStatement[]) => (
      calls.push(`${name} batch of ${statements.length}`),
      statements.map(() => result)
    ),
    transaction: async () => (calls.push(`${name} begin`), transaction),
    executeMultiple: async () => void calls.push(`${name} script`),
    migrate: async () => (calls.push(`${name} migrate`), []),
    sync: async () => undefined,
    close: () => undefined,
    reconnect: () => undefined,
    closed: false,
    protocol: name === 'local' ? 'file' : 'http',
  } as unknown as Client;
}

describe('a replica’s client', () => {
  it('tells plain reads from anything else', () => {
    expect(isRead({ sql: 'select * from jams where id = ?', args: [1] })).toBe(true);
    expect(isRead('  SELECT 1')).toBe(true);
    expect(isRead({ sql: 'with ranked as (select id from entries) select id from ranked', args: [] })).toBe(true);
    expect(isRead({ sql: 'with gone as (select id from jams) delete from entries where jam_id in gone', args: [] })).toBe(false);
    expect(isRead({ sql: 'insert into votes (entry_id) values (?)', args: [1] })).toBe(false);
    expect(isRead({ sql: 'update jams set description = ?', args: ['x'] })).toBe(false);
    expect(isRead({ sql: 'pragma table_info(jams)', args: [] })).toBe(false);
    expect(isRead(['select updated_at from jams'])).toBe(true);
  });

  it('reads from the replica, writes to the primary and syncs the replica before answering a write', async () => {
    const calls: string[] = [];
    const client = routedClient(recordingClient('local', calls), recordingClient('primary', calls), syncRecordedIn(calls));
    await client.execute('select 1');
    await client.execute({ sql: 'update jams set name = ?', args: ['x'] });
    await client.batch([{ sql: 'select 1', args: [] }, 'select 2']);
    await client.batch([{ sql: 'select 1', args: [] }, 'delete from jams']);
    await client.batch(['select 1'], 'write');
    const transaction = await client.transaction('write');
    await transaction.execute({ sql: 'select count(*) from votes', args: [] });
    expect(calls.at(-1)).toBe('primary tx select count(*) from votes'); // a transaction's reads see its writes
    await transaction.commit();
    expect(calls).toEqual([
      'local select 1',
      'primary update jams set name = ?',
      'sync',
      'local batch of 2',
      'primary batch of 2',
      'sync',
      'primary batch of 1',
      'sync',
      'primary begin',
      'primary tx select count(*) from votes',
      'primary commit',
      'sync',
    ]);
  });

  it('answers a logged-in writer’s write at its commit and sends their next reads to the primary until the replica has it', async () => {
    const calls: string[] = [];
    let behind = new Set<string>();
    const client = routedClient(recordingClient('local', calls), recordingClient('primary', calls), {
      afterWrite: async () => void calls.push('sync (waited for)'),
      wroteFor: (reader) => {
        behind.add(reader);
        calls.push(`sync for ${reader}`);
      },
      readsPrimary: (reader) => behind.has(reader),
    });
    const context = new AsyncLocalStorage<RequestState>();
    installHost({ requestContext: context });
    try {
      await context.run({ reader: '7' }, () => client.execute({ sql: 'insert into votes (entry_id) values (?)', args: [1] }));
      await context.run({ reader: '7' }, () => client.execute('select 1'));
      await context.run({ reader: '8' }, () => client.execute('select 2'));
      behind = new Set();
      await context.run({ reader: '7' }, () => client.execute('select 3'));
      await client.execute('update jams set name = 1'); // outside a request: waits for its sync
    } finally {
      installHost({ requestContext: undefined });
    }
    expect(calls).toEqual([
      'primary insert into votes (entry_id) values (?)',
      'sync for 7',
      'primary select 1',
      'local select 2',
      'local select 3',
      'primary update jams set name = 1',
      'sync (waited for)',
    ]);
  });

  it('reads a writer’s reads from the replica when the primary does not answer (an outage right after their write)', async () => {
    const calls: string[] = [];
    const primary = recordingClient('primary', calls);
    primary.execute = (async () => {
      throw new Error('fetch failed');
    }) as Client['execute'];
    const client = routedClient(recordingClient('local', calls), primary, {
      ...syncRecordedIn(calls),
      readsPrimary: () => true,
    });
    const context = new AsyncLocalStorage<RequestState>();
    installHost({ requestContext: context });
    try {
      await context.run({ reader: '7' }, () => client.execute('select 1'));
    } finally {
      installHost({ requestContext: undefined });
    }
    expect(calls).toEqual(['local select 1']);
  });

  it('does not sync after a write the primary refused', async () => {
    const calls: string[] = [];
    const primary = recordingClient('primary', calls);
    primary.execute = (async () => {
      throw new Error('fetch failed');
    }) as Client['execute'];
    const client = routedClient(recordingClient('local', calls), primary, syncRecordedIn(calls));
    await expect(client.execute('insert into jams default values')).rejects.toThrow('fetch failed');
    expect(calls).toEqual([]);
  });
});
