/** Load measurement with autocannon, and a precise one-request-at-a-time timer. */
import { Agent, request } from 'node:http';
import autocannon from 'autocannon';

export interface Load {
  /** Mean requests per second over the run. */
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** Non-2xx answers plus connection errors: a benchmark of failures measures nothing. */
  failures: number;
}

export interface LoadOptions {
  connections?: number;
  seconds?: number;
  headers?: Record<string, string>;
  /** Called between the warm-up and the measured seconds. */
  beforeMeasuring?: () => void;
}

const run = (url: string, connections: number, seconds: number, headers: Record<string, string>) =>
  autocannon({ url, connections, duration: seconds, headers });

/** A 1-second warm-up, then `seconds` of load from `connections` keep-alive connections. */
export async function load(
  url: string,
  { connections = 10, seconds = 5, headers = {}, beforeMeasuring }: LoadOptions = {},
): Promise<Load> {
  await run(url, connections, 1, headers);
  beforeMeasuring?.();
  const result = await run(url, connections, seconds, headers);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    failures: result.non2xx + result.errors,
  };
}

function once(agent: Agent, url: URL): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(url, { agent }, (res) => {
      res.resume();
      res.once('end', () =>
        res.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(`${url} answered ${res.statusCode}`)),
      );
    });
    req.once('error', reject);
    req.end();
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

/** Time to the last byte of `count` sequential requests on one keep-alive connection (ms, 0.01 precision). */
export async function serverTime(url: string, count = 200): Promise<{ p50: number; p99: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const target = new URL(url);
  for (let i = 0; i < 20; i++) await once(agent, target);
  const times: number[] = [];
  for (let i = 0; i < count; i++) times.push(await once(agent, target));
  agent.destroy();
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** "1,480× 200, 20× 409": how many answers had each status. */
export function statusCounts(statuses: number[]): string {
  return Object.entries(Object.groupBy(statuses, String))
    .map(([status, list]) => `${list!.length.toLocaleString('en')}× ${status}`)
    .join(', ');
}
