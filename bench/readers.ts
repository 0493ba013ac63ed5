/**
 * Closed-loop readers for `bench:rush`, in a worker thread (so that their callbacks do not delay
 * the writers' timers and answers in the main thread; the OS still shares the cores). Each
 * connection sends its next GET as soon as the previous answer has arrived, cycling over its
 * group's routes, for at least `seconds` and until told to stop; every answer's latency, status
 * and `x-page-cache` header is kept per route.
 */
import { Agent, request } from 'node:http';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

export interface Route {
  name: string;
  path: string;
}

export interface ReaderGroup {
  name: string;
  connections: number;
  routes: Route[];
  headers: Record<string, string>;
  /** A `Cookie` header per connection (cycled), for logged-in readers. */
  cookies?: string[];
}

export interface RouteResult {
  group: string;
  name: string;
  path: string;
  requests: number;
  /** Answers per second over the run. */
  rps: number;
  p50: number;
  p99: number;
  max: number;
  /** Answers by status code. */
  statuses: Record<string, number>;
  /** Answers by `x-page-cache` value (`none` without the header). */
  cache: Record<string, number>;
  /** Body bytes as sent (compressed when the server compressed). */
  bytes: number;
}

export interface ReadResult {
  seconds: number;
  routes: RouteResult[];
  /** Requests that got no answer (a connection error), and the first error. */
  errors: number;
  firstError?: string;
}

interface Options {
  /** The servers: each connection reads from one, in turn (a round-robin balancer's way). */
  urls: string[];
  /** The least time the readers run: they go on until `stop()` too. */
  seconds: number;
  groups: ReaderGroup[];
}

interface Tally {
  group: string;
  route: Route;
  latencies: number[];
  statuses: Record<string, number>;
  cache: Record<string, number>;
  bytes: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

async function read({ urls, seconds, groups }: Options, stopped: () => boolean): Promise<ReadResult> {
  const connections = groups.reduce((sum, group) => sum + group.connections, 0);
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  let errors = 0;
  let firstError: string | undefined;

  const get = (url: string, path: string, headers: Record<string, string>, tally: Tally) =>
    new Promise<void>((resolve, reject) => {
      const started = performance.now();
      const req = request(`${url}${path}`, { agent, headers }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.byteLength));
        res.on('error', reject);
        res.on('end', () => {
          tally.latencies.push(performance.now() - started);
          const status = String(res.statusCode);
          tally.statuses[status] = (tally.statuses[status] ?? 0) + 1;
          const cache = String(res.headers['x-page-cache'] ?? 'none');
          tally.cache[cache] = (tally.cache[cache] ?? 0) + 1;
          tally.bytes += bytes;
          resolve();
        });
      });
      req.on('error', reject);
      req.end();
    });

  const tallies = groups.map((group) =>
    group.routes.map((route): Tally => ({ group: group.name, route, latencies: [], statuses: {}, cache: {}, bytes: 0 })),
  );
  const began = performance.now();
  const end = began + seconds * 1000;
  const going = () => performance.now() < end || !stopped();

  let opened = 0;
  const connection = async (groupIndex: number, index: number) => {
    const group = groups[groupIndex]!;
    const url = urls[opened++ % urls.length]!;
    const headers = { ...group.headers, ...(group.cookies ? { cookie: group.cookies[index % group.cookies.length]! } : {}) };
    // Connections start at different routes, so every route is asked as often.
    for (let turn = index; going(); turn++) {
      const routeIndex = turn % group.routes.length;
      try {
        await get(url, group.routes[routeIndex]!.path, headers, tallies[groupIndex]![routeIndex]!);
      } catch (error) {
        errors++;
        firstError ??= String(error);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
  };
  await Promise.all(
    groups.flatMap((group, groupIndex) => Array.from({ length: group.connections }, (_, i) => connection(groupIndex, i))),
  );
  const elapsed = (performance.now() - began) / 1000;
  agent.destroy();

  const routes = tallies.flat().map(({ group, route, latencies, statuses, cache, bytes }): RouteResult => {
    const sorted = Float64Array.from(latencies).sort();
    const list = Array.from(sorted);
    return {
      group,
      ...route,
      requests: list.length,
      rps: list.length / elapsed,
      p50: percentile(list, 50),
      p99: percentile(list, 99),
      max: list.at(-1) ?? 0,
      statuses,
      cache,
      bytes,
    };
  });
  return { seconds: elapsed, routes, errors, ...(firstError ? { firstError } : {}) };
}

/**
 * Starts the readers in a worker thread. `stop()` asks them to finish once `seconds` are over (at
 * once if they are); `result` resolves when the last answer has come.
 */
export function readInWorker(options: Options): { stop: () => void; result: Promise<ReadResult> } {
  const worker = new Worker(new URL(import.meta.url), { workerData: { readers: options } });
  const result = new Promise<ReadResult>((resolve, reject) => {
    worker.once('message', (result: ReadResult) => resolve(result));
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`the readers' worker exited with ${code}`))));
  });
  return { stop: () => worker.postMessage('stop'), result };
}

if (!isMainThread && (workerData as { readers?: Options } | null)?.readers) {
  let stopped = false;
  parentPort!.once('message', () => (stopped = true));
  parentPort!.postMessage(await read((workerData as { readers: Options }).readers, () => stopped));
  parentPort!.close();
}
