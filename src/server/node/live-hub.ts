/**
 * The Node server's live hub (ADR 044): every open stream of this process is fed by one poller that
 * reads the new events of all watched jams in one query per tick (with the jams' dates, in the same
 * round trip), however many streams watch them; one heartbeat timer for all streams; the phases the
 * clock reaches are written by whichever server watches the jam then. Other servers' writes arrive
 * through the database (or the replica's sync) like this server's own.
 */
import type { LiveHub, LiveListener } from '#server/platform/host';
import { eventsSince, writeMomentsReached } from '#server/live/jam-events';

type Window = Parameters<LiveHub['subscribe']>[0];

export interface LiveHubOptions {
  /** Streams held open at most; past it `subscribe` answers null (503). */
  maxStreams: number;
  pollMs?: number;
  heartbeatMs?: number;
}

export interface NodeLiveHub extends LiveHub {
  /** Open streams now. */
  size(): number;
  /** Ends every stream and stops the timers (SIGTERM). */
  closeAll(): void;
}

const EVENTS_PER_READ = 1000;

export function nodeLiveHub({ maxStreams, pollMs = 500, heartbeatMs = 20_000 }: LiveHubOptions): NodeLiveHub {
  const watched = new Map<number, { window: Window; listeners: Set<LiveListener>; checkedAt: number }>();
  let open = 0;
  let cursor: number | null = null;
  let poller: ReturnType<typeof setTimeout> | undefined;
  let heart: ReturnType<typeof setInterval> | undefined;
  let running = false;
  let failing = false;
  let shuttingDown = false;

  const schedule = (ms: number) => {
    poller = setTimeout(() => void tick(), ms);
    poller.unref();
  };

  async function tick() {
    poller = undefined;
    if (watched.size === 0 || cursor === null) return;
    running = true;
    let full = false;
    try {
      const { events, windows } = await eventsSince([...watched.keys()], cursor, EVENTS_PER_READ);
      full = events.length === EVENTS_PER_READ;
      for (const event of events) {
        for (const listener of watched.get(event.jamId)?.listeners ?? []) listener.send([event]);
        cursor = Math.max(cursor ?? 0, event.id);
      }
      const now = Date.now();
      for (const window of windows) {
        const jam = watched.get(window.id);
        if (!jam) continue;
        jam.window = window;
        const from = jam.checkedAt;
        jam.checkedAt = now;
        await writeMomentsReached(window, from, now);
      }
      if (failing) console.log('Live streams read the database again.');
      failing = false;
    } catch (error) {
      if (!failing) console.error('Live streams could not read the database:', error);
      failing = true;
    }
    running = false;
    if (watched.size > 0 && !shuttingDown) schedule(full ? 0 : pollMs);
  }

  return {
    subscribe(window, listener) {
      if (shuttingDown || open >= maxStreams) return null;
      open++;
      let jam = watched.get(window.id);
      if (!jam) watched.set(window.id, (jam = { window, listeners: new Set(), checkedAt: Date.now() }));
      jam.listeners.add(listener);
      // A stream that starts before the hub's cursor gets what it has not seen on the next tick.
      cursor = cursor === null ? listener.cursor : Math.min(cursor, listener.cursor);
      if (!poller && !running) schedule(pollMs);
      if (!heart) {
        heart = setInterval(() => {
          for (const { listeners } of watched.values()) for (const each of listeners) each.heartbeat();
        }, heartbeatMs);
        heart.unref();
      }
      let subscribed = true;
      return () => {
        if (!subscribed) return;
        subscribed = false;
        open--;
        jam.listeners.delete(listener);
        if (jam.listeners.size === 0 && watched.get(window.id) === jam) watched.delete(window.id);
        if (watched.size === 0) {
          clearInterval(heart);
          heart = undefined;
          cursor = null;
        }
      };
    },
    size: () => open,
    closeAll() {
      shuttingDown = true;
      clearTimeout(poller);
      for (const { listeners } of [...watched.values()]) for (const each of [...listeners]) each.close();
    },
  };
}
