/**
 * Where a loaded server's time goes, for the benches (ADR 045): with ITINERARY_LOAD_REPORT naming a
 * folder, each server process tallies its answers per route (time from arrival to the last byte, bytes sent),
 * how long requests waited for their turn (write-first.ts), the event loop's delay, the page renders
 * and what made each one necessary, the changes that reached the page cache, and on a replica its
 * syncs and the reads answered from memory between them; it writes the tally
 * as JSON (`{folder}/{pid}.json`) when it exits. Unset (always, but in a bench): every call returns at once.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { config } from '#server/platform/config';
import { type RecordableHistogram, createHistogram, monitorEventLoopDelay } from 'node:perf_hooks';

/** Why a page was rendered: nothing cached, dropped or expired, its counts' refresh came due, or a reader who just wrote. */
export type RenderTrigger = 'absent' | 'gone' | 'due' | 'writer';

interface Route {
  answers: number;
  bytes: number;
  /** Microseconds from the request's arrival to its answer's end. */
  time: RecordableHistogram;
  statuses: Record<string, number>;
}

const histogram = () => createHistogram({ lowest: 1, highest: 600_000_000, figures: 3 });
const summary = (h: RecordableHistogram) =>
  h.count === 0
    ? { count: 0 }
    : { count: h.count, p50Ms: h.percentile(50) / 1000, p99Ms: h.percentile(99) / 1000, maxMs: h.max / 1000 };

/**
 * Groups an address by its route: numbers become `{id}`, the query keeps its names (`?entries`), and
 * a page answered by the page cache says how (`[hit]`, `[stale]`, `[miss]`).
 */
export function routeOf(method: string, url: string, source?: string): string {
  const [path, query] = url.split('?') as [string, string | undefined];
  const names = query ? [...new URLSearchParams(query).keys()].join('&') : '';
  return `${method} ${path.replace(/\/\d+(?=\/|$)/g, '/{id}')}${names ? `?${names}` : ''}${source ? ` [${source}]` : ''}`;
}

function createLoadReport(folder: string | undefined) {
  if (!folder) {
    const off = () => undefined;
    return { answer: off, queued: off, render: off, change: off, replicaSync: off, replicaReads: off };
  }
  const began = Date.now();
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const routes = new Map<string, Route>();
  const queued = { writes: histogram(), reads: histogram() };
  const renders: Record<string, number> = {};
  const changes: Record<string, number> = {};
  const replica = { syncs: 0, readsKept: 0, readsRan: 0 };
  process.once('exit', () => {
    loop.disable();
    const seconds = (Date.now() - began) / 1000;
    mkdirSync(folder, { recursive: true });
    writeFileSync(
      join(folder, `${process.pid}.json`),
      JSON.stringify({
        pid: process.pid,
        seconds,
        eventLoopDelay: { p50Ms: loop.percentile(50) / 1e6, p99Ms: loop.percentile(99) / 1e6, maxMs: loop.max / 1e6 },
        queued: { writes: summary(queued.writes), reads: summary(queued.reads) },
        renders,
        changes,
        replica,
        routes: Object.fromEntries(
          [...routes].map(([route, { answers, bytes, time, statuses }]) => [
            route,
            { answers, bytes, statuses, ...summary(time) },
          ]),
        ),
      }),
    );
  });
  return {
    answer(method: string, url: string, source: string | undefined, status: number, ms: number, bytes: number) {
      const key = routeOf(method, url, source);
      let route = routes.get(key);
      if (!route) routes.set(key, (route = { answers: 0, bytes: 0, time: histogram(), statuses: {} }));
      route.answers++;
      route.bytes += bytes;
      route.time.record(Math.max(1, Math.round(ms * 1000)));
      route.statuses[status] = (route.statuses[status] ?? 0) + 1;
    },
    queued(write: boolean, ms: number) {
      (write ? queued.writes : queued.reads).record(Math.max(1, Math.round(ms * 1000)));
    },
    render(trigger: RenderTrigger) {
      renders[trigger] = (renders[trigger] ?? 0) + 1;
    },
    change(kind: string) {
      changes[kind] = (changes[kind] ?? 0) + 1;
    },
    replicaSync() {
      replica.syncs += 1;
    },
    replicaReads(kept: number, ran: number) {
      replica.readsKept += kept;
      replica.readsRan += ran;
    },
  };
}

let report: ReturnType<typeof createLoadReport> | undefined;

/** The process's tally (created on first use, from the configuration). */
export const loadReport = () => (report ??= createLoadReport(config().ITINERARY_LOAD_REPORT));
