/**
 * A jam's live stream (ADR 044) as a `text/event-stream` answer: the events a reconnecting client
 * missed, then what comes. On a host with a hub (the Node server) the stream stays open and the hub
 * feeds it; elsewhere (Workers) it polls the database a few times and ends, and the browser
 * reconnects with `Last-Event-ID`.
 */
import type { Jam } from '#db/schema';
import { AppError } from '#server/platform/errors';
import { config } from '#server/platform/config';
import { withFreshDeadline } from '#server/platform/deadlines';
import { type LiveEvent, type LiveListener, host } from '#server/platform/host';
import { eventsSince, replayFrom, writeMomentsReached } from './jam-events';

export const LIVE_FULL_MESSAGE = 'Too many people are watching live on this server right now. Please try again in a moment.';
const LIVE_FULL_RETRY_SECONDS = 10;
/** How long the browser waits before it reconnects (the `retry:` field). */
export const LIVE_RETRY_MS = 3000;
/** A stream without a hub: how long it lasts and how often it reads (under Workers' limits). */
export const SHORT_STREAM_MS = 25_000;
export const SHORT_STREAM_POLL_MS = 2_500;

export const LIVE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  // no-transform: no proxy (nor our compression middleware) holds the stream back to compress it.
  'cache-control': 'no-store, no-transform',
  'x-accel-buffering': 'no',
};

const frame = (id: number, name: string, data: unknown) => `id: ${id}\nevent: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * An event as the stream says it: entry events are followed by `counts` (same id). A hidden entry
 * (ADR 041) was written without its card, so only the counts go out.
 */
export function formatEvent(event: LiveEvent): string {
  const { id, kind, data } = event;
  const counts = 'counts' in data ? frame(id, 'counts', data.counts) : '';
  if (kind === 'entry-added' && data.entry == null) return counts;
  return frame(id, kind, data) + counts;
}

/** `Last-Event-ID` (or `?lastEventId=`, for a client that cannot send headers); null when absent or not an id. */
export function lastEventIdOf(request: Request): number | null {
  const raw = request.headers.get('last-event-id') ?? new URL(request.url).searchParams.get('lastEventId');
  if (raw === null || !/^\d{1,15}$/.test(raw.trim())) return null;
  return Number(raw.trim());
}

/** Where a stream's text goes: a `Response` body, or (the Node server's fast path) the socket itself. */
export interface StreamSink {
  write(text: string): void;
  end(): void;
}

/**
 * Starts `jam`'s stream into `sink`: the `ready` event and the replay after `lastEventId`, then the hub's
 * events (or a few polls without a hub). Throws the 503 before writing anything when the server is
 * full. Answers the function that stops it (the client went away).
 */
export async function startJamStream(jam: Jam, lastEventId: number | null, sink: StreamSink): Promise<() => void> {
  const { after, newest, events } = await replayFrom(jam.id, lastEventId);
  let closed = false;
  let stop = () => {};
  const finish = () => {
    if (closed) return;
    closed = true;
    stop();
    sink.end();
  };
  const pending: string[] = [];
  let subscribed = false;
  const write = (text: string) => {
    if (closed || !text) return;
    if (subscribed) sink.write(text);
    else pending.push(text);
  };
  const listener: LiveListener = {
    cursor: after,
    send(batch) {
      for (const event of batch) {
        if (event.id <= listener.cursor) continue;
        listener.cursor = event.id;
        write(formatEvent(event));
      }
    },
    heartbeat: () => write(': heartbeat\n\n'),
    close: finish,
  };
  // The replay first (the ready event says where it resumes from), then whatever comes after the newest event.
  write(`retry: ${LIVE_RETRY_MS}\n${frame(after, 'ready', { jam: jam.slug })}`);
  listener.send(events);
  listener.cursor = Math.max(listener.cursor, newest);
  const hub = host().liveHub;
  if (hub) {
    const unsubscribe = hub.subscribe(jam, listener);
    if (!unsubscribe) {
      const error = new AppError(503, 'upstream_unavailable', LIVE_FULL_MESSAGE);
      error.retryAfterSeconds = LIVE_FULL_RETRY_SECONDS;
      throw error;
    }
    stop = unsubscribe;
  } else {
    stop = pollBriefly(jam, listener, finish);
  }
  subscribed = true;
  sink.write(pending.join(''));
  return () => {
    closed = true;
    stop();
  };
}

const encoder = new TextEncoder();

/** The stream as a `Response` (the endpoint: Workers, other adapters). */
export async function openJamStream(jam: Jam, request: Request): Promise<Response> {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let stop = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel: () => stop(),
  });
  stop = await startJamStream(jam, lastEventIdOf(request), {
    write(text) {
      try {
        controller.enqueue(encoder.encode(text));
      } catch {
        stop();
      }
    },
    end() {
      try {
        controller.close();
      } catch {
        // already closed by the client
      }
    },
  });
  request.signal?.addEventListener('abort', () => stop(), { once: true });
  return new Response(body, { headers: LIVE_HEADERS });
}

/** Without a hub: reads the jam's new events every few seconds for `SHORT_STREAM_MS`, then ends the stream. */
function pollBriefly(jam: Jam, listener: LiveListener, finish: () => void): () => void {
  let checkedAt = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const endsAt = checkedAt + SHORT_STREAM_MS;
  const round = async () => {
    if (stopped) return;
    try {
      // Each round's reads have a deadline of their own: the stream lives longer than its request's first one.
      await withFreshDeadline(config().ITINERARY_DB_DEADLINE_MS, async () => {
        const now = Date.now();
        await writeMomentsReached(jam, checkedAt, now);
        checkedAt = now;
        const { events } = await eventsSince([jam.id], listener.cursor);
        listener.send(events);
      });
    } catch (error) {
      console.error('Live stream read failed:', error);
    }
    if (stopped) return;
    if (Date.now() >= endsAt) finish();
    else timer = setTimeout(round, SHORT_STREAM_POLL_MS);
  };
  timer = setTimeout(round, SHORT_STREAM_POLL_MS);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
