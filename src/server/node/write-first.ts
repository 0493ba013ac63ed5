/**
 * Short turns of the event loop, writes first. Node's event loop accepts one new connection per turn
 * (libuv), and in a deadline rush hundreds of keep-alive readers have a request ready on every turn:
 * handled as they came, one turn took ~100–300 ms, so new visitors waited seconds to be accepted and
 * a vote or a submission waited behind a whole turn for each step it awaited (bench:rush: writes
 * p99 41 s). Requests are now handled for at most SLICE_MS per phase of a turn; the rest wait for
 * the next turns, writes (any method but GET and HEAD) before reads, each in arrival order. A write
 * pipelined behind a waiting read on the same connection waits with it (Node answers a connection's
 * requests in order), and a request whose connection closed while it waited is dropped. When the
 * server is not busy nothing waits. Used by scripts/start.ts; ADR 017. A request answered from memory
 * (a cached page) costs less than its wait in line: the server asks `admit.idle(socket)` and answers
 * it at once when nothing of its connection waits (ADR 055).
 */
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

export const SLICE_MS = 4;

const READ_METHODS = new Set(['GET', 'HEAD']);

export interface WriteFirstOptions {
  sliceMs?: number;
  now?: () => number;
  /** Told how long each request waited for its turn (0 when it was handled at once). */
  onTurn?: (write: boolean, waitedMs: number) => void;
}

interface Waiting {
  socket: Socket;
  handle: () => void;
  since: number;
  write: boolean;
}

/** Returns `admit(req, handle)`: calls `handle` now, or on a later turn when this one's slice is spent. */
export function writeFirst({ sliceMs = SLICE_MS, now = () => performance.now(), onTurn }: WriteFirstOptions = {}) {
  const writes: Waiting[] = [];
  const reads: Waiting[] = [];
  const readsWaitingOn = new WeakMap<Socket, number>();
  /**
   * When the current slice began: set by the first request handled after a turn of waiting ones, so
   * a quiet server schedules nothing (a request that finds the slice long over waits only for the
   * end of the current phase, which runs the waiting requests and starts a new slice).
   */
  let sliceStart: number | undefined;
  let nextTurnPlanned = false;

  function planNextTurn() {
    if (nextTurnPlanned) return;
    nextTurnPlanned = true;
    setImmediate(nextTurn);
  }

  function timeLeft() {
    const time = now();
    sliceStart ??= time;
    return time - sliceStart < sliceMs;
  }

  function run({ socket, handle, since, write }: Waiting, wasRead: boolean) {
    onTurn?.(write, now() - since);
    if (wasRead) {
      const left = (readsWaitingOn.get(socket) ?? 1) - 1;
      if (left === 0) readsWaitingOn.delete(socket);
      else readsWaitingOn.set(socket, left);
    }
    if (!socket.destroyed) handle();
  }

  function nextTurn() {
    nextTurnPlanned = false;
    sliceStart = now();
    while (writes.length + reads.length > 0 && now() - sliceStart < sliceMs) {
      if (writes.length > 0) run(writes.shift()!, false);
      else run(reads.shift()!, true);
    }
    // The next poll phase (new connections, sockets' data) starts a fresh slice.
    sliceStart = undefined;
    if (writes.length + reads.length > 0) planNextTurn();
  }

  function admit(req: IncomingMessage, handle: () => void): void {
    const socket = req.socket;
    const read = READ_METHODS.has(req.method ?? 'GET') || readsWaitingOn.has(socket);
    const queue = read ? reads : writes;
    // A read never overtakes a waiting request, a write only overtakes waiting reads.
    const waitingAhead = read ? reads.length + writes.length : writes.length;
    if (waitingAhead === 0 && timeLeft()) {
      onTurn?.(!read, 0);
      return handle();
    }
    queue.push({ socket, handle, since: now(), write: !read });
    planNextTurn();
    if (read) readsWaitingOn.set(socket, (readsWaitingOn.get(socket) ?? 0) + 1);
  }
  /** Whether no request of this connection waits for its turn (one answered now would not overtake it). */
  admit.idle = (socket: Socket): boolean => !readsWaitingOn.has(socket) && !writes.some((waiting) => waiting.socket === socket);
  return admit;
}
