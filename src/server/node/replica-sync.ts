/**
 * Keeping an embedded replica in step with its primary (ADR 032): a sync every interval, and one
 * right after each of this server's writes so that the writer reads it at once.
 *
 * A request's write is answered as soon as the primary committed it (issue 52: a write waits for its
 * own commit, not for other work): its writer's reads go to the primary until a sync that began after
 * the write has brought it (`wroteFor`, `readsPrimary`), at most READ_YOUR_WRITES_MS. A write made
 * outside a request (a login's session, a script) still waits for that sync before it returns.
 *
 * libSQL's `sync()` blocks the thread that calls it while it waits for the primary (3 s when the
 * primary refuses connections, for ever when it accepts them and never answers), so it runs on a
 * worker thread (replica-syncer.ts), and the periodic sync first asks the primary an ordinary
 * `select 1` over HTTP (with a timeout) and syncs only when it answered, so that syncs do not pile up
 * behind a dead primary. A sync after a write needs no such question: the primary has just answered.
 *
 * Which frames were other servers' cannot be told apart from this server's own (libSQL reports only
 * the frame number reached), so when any sync finds the frame number moved since the last one, every
 * cached page's re-render comes due (ADR 045: the first reader renders it, the others get the previous
 * page meanwhile, and a page is rendered again at most once per refresh interval). A page rendered
 * between a write's commit and the sync that brought it is so rendered again.
 */
import { innermostReason } from '#server/platform/errors';

export interface Synced {
  frame_no: number;
  frames_synced: number;
}

export interface ReplicaSyncOptions {
  sync(): Promise<Synced>;
  /** Resolves when the primary answers, rejects when it does not (within a timeout of its own). */
  probe(): Promise<void>;
  /** The frame number the replica is at (its first sync, at start). */
  frame: number;
  /** Called when a sync brought frames: this server's writes or other servers'. */
  onNewFrames(): void;
  /** Where the primary is, for the log. */
  primary: string;
  /** The least time between two syncs' starts (SYNC_GAP_MS unless given). */
  gapMs?: number;
  /** Told of each sync as it starts (the load report counts them). */
  onSync?(): void;
}

export interface ReplicaSync {
  /** After a write the primary acknowledged: brings it into the replica (a failure is logged, not thrown). */
  afterWrite(): Promise<void>;
  /** After `reader`'s write the primary acknowledged: a sync soon, and their reads on the primary until it came. */
  wroteFor(reader: string): void;
  /** Whether `reader` wrote something the replica may not have yet (their reads then go to the primary). */
  readsPrimary(reader: string): boolean;
  /** Resolves once a sync begun after the call brought the primary's frames (refusals are checked so, ADR 047). */
  caughtUp(): Promise<void>;
  /** One periodic round: ask the primary, then sync (every sync tells `onNewFrames` when the frame number moved). */
  tick(): Promise<void>;
  /** Runs `tick` every `everyMs` (never two at once) without keeping the process alive; returns the stop. */
  start(everyMs: number): () => void;
}

/** The longest a writer's reads go to the primary after their write (syncs failing meanwhile: the replica again). */
export const READ_YOUR_WRITES_MS = 10_000;

/**
 * The least time between the starts of two syncs (issue 52). Back to back, three servers synced ~15
 * times a second each in a rush, every sync costing the server, the primary and the answers kept
 * between syncs (replica-reads-kept.ts); 100 ms apart: read p99 ~460 ms instead of ~600 ms, with
 * writes as fast (250 ms made refusals, which wait for a sync, slower). Writes that finish meanwhile share the sync.
 */
export const SYNC_GAP_MS = 100;

export function replicaSync(options: ReplicaSyncOptions, now: () => number = Date.now): ReplicaSync {
  let frame = options.frame;
  // Writes and sync starts in one order: a sync brought every write counted before it began.
  let order = 0;
  let broughtBefore = 0;
  const writers = new Map<string, { order: number; at: number }>();
  const forgetBrought = () => {
    const oldest = now() - READ_YOUR_WRITES_MS;
    for (const [reader, write] of writers) if (write.order < broughtBefore || write.at < oldest) writers.delete(reader);
  };
  let unreachableSince: number | null = null;
  let running: Promise<Synced> | null = null;
  let sent = false;
  let next: Promise<Synced> | null = null;

  // Logged once when the primary stops answering and once when it is back, not on every round.
  const failed = (error: unknown) => {
    if (unreachableSince !== null) return;
    unreachableSince = Date.now();
    console.error(
      `The primary database at ${options.primary} cannot be reached (${innermostReason(error)}): pages and reads are answered from the replica, writes get 503 until it is back.`,
    );
  };
  const answered = () => {
    if (unreachableSince === null) return;
    const seconds = Math.round((Date.now() - unreachableSince) / 1000);
    unreachableSince = null;
    console.log(`The primary database at ${options.primary} answers again (after ${seconds} s): writes resume.`);
  };

  /**
   * A write needs a sync that starts after its commit. With none under way it starts one (writes
   * finishing in the same turn share it); while one runs, every write that finishes meanwhile shares
   * the one sync after it. So in a rush syncs follow each other, each bringing every write acknowledged
   * while the previous ran (one sync per write queued syncs by the thousand: writes waited minutes),
   * and each starts `gapMs` after the previous one's start at the soonest (writes meanwhile join it).
   */
  const gapMs = options.gapMs ?? SYNC_GAP_MS;
  let lastStart = -Infinity;
  const start = (): Promise<Synced> => {
    sent = false;
    const sync = Promise.resolve().then(async () => {
      // A timer may fire a little early by the clock (whole milliseconds, a loop's cached time): wait again.
      for (let wait = lastStart + gapMs - now(); wait > 0; wait = lastStart + gapMs - now())
        await new Promise((resolve) => setTimeout(resolve, Math.ceil(wait)));
      lastStart = now();
      options.onSync?.();
      sent = true;
      const began = (order += 1);
      const synced = await options.sync();
      broughtBefore = Math.max(broughtBefore, began);
      forgetBrought();
      // Pages rendered before this sync may lack what it brought (a write answered at its commit,
      // another server's): their re-render comes due, once per refresh interval at most (ADR 045).
      if (synced.frame_no !== frame) {
        frame = synced.frame_no;
        options.onNewFrames();
      }
      return synced;
    });
    running = sync;
    const done = () => {
      if (running === sync) running = null;
    };
    sync.then(done, done);
    return sync;
  };
  const syncSoon = (): Promise<Synced> => {
    if (!running) return start();
    // Not sent yet: it starts after this write's commit too.
    if (!sent) return running;
    next ??= running
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        next = null;
        return start();
      });
    return next;
  };

  return {
    async afterWrite() {
      try {
        await syncSoon();
      } catch (error) {
        failed(error);
        return;
      }
      // The primary took a write and a sync: it answers again, whether or not a periodic round saw it yet.
      answered();
    },

    wroteFor(reader) {
      writers.set(reader, { order: (order += 1), at: now() });
      void this.afterWrite();
    },

    readsPrimary(reader) {
      const write = writers.get(reader);
      if (!write) return false;
      if (write.order < broughtBefore || write.at < now() - READ_YOUR_WRITES_MS) {
        writers.delete(reader);
        return false;
      }
      return true;
    },

    async caughtUp() {
      await syncSoon();
    },

    async tick() {
      try {
        await options.probe();
        await syncSoon();
      } catch (error) {
        failed(error);
        return;
      }
      answered();
    },

    start(everyMs) {
      let timer: NodeJS.Timeout | undefined;
      let stopped = false;
      const next = () => {
        if (stopped) return;
        timer = setTimeout(() => void this.tick().finally(next), everyMs);
        timer.unref();
      };
      next();
      return () => {
        stopped = true;
        clearTimeout(timer);
      };
    },
  };
}
