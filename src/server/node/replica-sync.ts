/**
 * Keeping an embedded replica in step with its primary (ADR 032): a sync every interval, and one
 * right after each of this server's writes so that the writer reads it at once.
 *
 * libSQL's `sync()` blocks the thread that calls it while it waits for the primary (3 s when the
 * primary refuses connections, for ever when it accepts them and never answers), so it runs on a
 * worker thread (replica-syncer.ts), and the periodic sync first asks the primary an ordinary
 * `select 1` over HTTP (with a timeout) and syncs only when it answered, so that syncs do not pile up
 * behind a dead primary. A sync after a write needs no such question: the primary has just answered.
 *
 * Which frames were other servers' cannot be told apart from this server's own (libSQL reports only
 * the frame number reached), so when a periodic sync finds the frame number moved since the last one,
 * every cached page's re-render comes due (ADR 045: the first reader renders it, the others get the
 * previous page meanwhile). This server's own writes already reached what they changed; they cost at
 * most one more re-render per page and interval.
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
  /** Called when a periodic sync brought frames: other servers' writes, perhaps this one's. */
  onNewFrames(): void;
  /** Where the primary is, for the log. */
  primary: string;
}

export interface ReplicaSync {
  /** After a write the primary acknowledged: brings it into the replica (a failure is logged, not thrown). */
  afterWrite(): Promise<void>;
  /** One periodic round: ask the primary, sync, and tell `onNewFrames` when the frame number moved. */
  tick(): Promise<void>;
  /** Runs `tick` every `everyMs` (never two at once) without keeping the process alive; returns the stop. */
  start(everyMs: number): () => void;
}

export function replicaSync(options: ReplicaSyncOptions): ReplicaSync {
  let frame = options.frame;
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
   * while the previous ran (one sync per write queued syncs by the thousand: writes waited minutes).
   */
  const start = (): Promise<Synced> => {
    sent = false;
    const sync = Promise.resolve().then(() => {
      sent = true;
      return options.sync();
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
      }
    },

    async tick() {
      let synced: Synced;
      try {
        await options.probe();
        synced = await syncSoon();
      } catch (error) {
        failed(error);
        return;
      }
      answered();
      if (synced.frame_no !== frame) options.onNewFrames();
      frame = synced.frame_no;
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
