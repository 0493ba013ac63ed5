/**
 * "Where the time goes" for `bench:rush` (issue 52): what each kind of request costs the server
 * alone (its CPU per answer, one request at a time on one keep-alive connection, right after the rush
 * on the same database), beside what the servers' own load reports (ITINERARY_LOAD_REPORT) counted
 * during the rush: answers per route with their time and bytes, how long requests waited for their
 * turn, the event loop's delay, the renders and what made them necessary.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { table } from './results';

/** CPU seconds a process and its children (a cluster's server processes) have used so far, from /proc. */
export function treeCpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  const one = (id: number) => {
    try {
      const fields = readFileSync(`/proc/${id}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in USER_HZ (100 on Linux)
    } catch {
      return 0;
    }
  };
  let listed = '';
  try {
    listed = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' });
  } catch {
    // ps exits with 1 when the process has no children (one server process).
  }
  const children = listed
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((child) => child > 0);
  return one(pid) + children.reduce((total, child) => total + one(child), 0);
}

export interface CostCase {
  name: string;
  /** The load report's routes whose answers this case costs (numbers as `{id}`, query names, `[hit]`…). */
  route: RegExp;
  /** The i-th request: method, path, the cookie and the JSON body to send. */
  request: (i: number) => { method: string; path: string; cookie?: string; body?: unknown };
}

export interface Cost {
  name: string;
  route: RegExp;
  cpuMs: number;
  bytes: number;
  statuses: Record<string, number>;
}

/** Requests each cost case sends: 20 to warm up, then the measured ones. */
export const COST_WARM_UP = 20;
export const COST_REQUESTS = 200;

/** Each case's server CPU per answer: COST_REQUESTS requests one after another, after COST_WARM_UP. */
export async function measureCosts(url: string, pid: number, cases: CostCase[], count = COST_REQUESTS): Promise<Cost[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const call = ({ method, path, cookie, body }: ReturnType<CostCase['request']>) =>
    new Promise<{ status: number; bytes: number }>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = request(`${url}${path}`, {
        method,
        agent,
        headers: {
          origin: url,
          'accept-encoding': 'gzip, deflate, br',
          ...(cookie ? { cookie } : {}),
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      });
      req.on('response', (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.byteLength));
        res.on('end', () => resolve({ status: res.statusCode!, bytes }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(payload);
    });
  const costs: Cost[] = [];
  for (const { name, route, request: nth } of cases) {
    for (let i = 0; i < COST_WARM_UP; i++) await call(nth(count + i));
    const before = treeCpuSeconds(pid);
    const statuses: Record<string, number> = {};
    let bytes = 0;
    for (let i = 0; i < count; i++) {
      const answer = await call(nth(i));
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      bytes += answer.bytes;
    }
    costs.push({ name, route, cpuMs: ((treeCpuSeconds(pid) - before) * 1000) / count, bytes: bytes / count, statuses });
  }
  agent.destroy();
  return costs;
}

interface Summary {
  count: number;
  p50Ms?: number;
  p99Ms?: number;
  maxMs?: number;
}

export interface LoadReport {
  pid: number;
  seconds: number;
  eventLoopDelay: { p50Ms: number; p99Ms: number; maxMs: number };
  queued: { writes: Summary; reads: Summary };
  renders: Record<string, number>;
  changes: Record<string, number>;
  /** On an embedded replica: its syncs, and its reads answered from memory between two syncs or run. */
  replica?: { syncs: number; readsKept: number; readsRan: number };
  routes: Record<string, Summary & { answers: number; bytes: number; statuses: Record<string, number> }>;
}

/** The load reports the servers wrote into `folder` when they stopped. */
export const readLoadReports = (folder: string): LoadReport[] =>
  readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(join(folder, name), 'utf8')) as LoadReport);

const fmt = (n: number | undefined, digits = 0) =>
  n === undefined || Number.isNaN(n)
    ? '—'
    : n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });

const addUp = (records: Record<string, number>[]) => {
  const total: Record<string, number> = {};
  for (const record of records) for (const [key, n] of Object.entries(record)) total[key] = (total[key] ?? 0) + n;
  return total;
};

/**
 * The section's markdown: a row per measured route (answers in the rush from the load reports, CPU
 * per answer alone, so the CPU it took in the rush and its share of what the servers used), then the
 * servers' waits, event-loop delay, renders and changes.
 */
export function whereTimeGoes({
  reports,
  costs,
  serverCpu,
  seconds,
}: {
  reports: LoadReport[];
  costs: Cost[];
  serverCpu: number;
  seconds: number;
}): string {
  const matching = (route: RegExp) =>
    reports.flatMap((report) =>
      Object.entries(report.routes)
        .filter(([key]) => route.test(key))
        .map(([, tally]) => tally),
    );
  // The servers' tallies end when they stop, after the costs were measured on them: those answers are not the rush's.
  const answered = (route: RegExp) =>
    matching(route).reduce((total, tally) => total + tally.answers, 0) - COST_WARM_UP - COST_REQUESTS;
  /** The slowest matching route's percentile (of any process). */
  const worst = (route: RegExp, key: 'p50Ms' | 'p99Ms') => Math.max(...matching(route).map((tally) => tally[key] ?? Number.NaN));
  const rows = costs.map((cost) => {
    const answers = answered(cost.route);
    const cpu = (answers * cost.cpuMs) / 1000;
    return [
      cost.name,
      fmt(answers),
      fmt(cost.cpuMs, 2),
      fmt(cpu, 1),
      `${fmt((cpu / serverCpu) * 100, 1)} %`,
      fmt(worst(cost.route, 'p50Ms'), 1),
      fmt(worst(cost.route, 'p99Ms'), 1),
      fmt(cost.bytes / 1024, 2),
    ];
  });
  const renders = addUp(reports.map((report) => report.renders));
  const renderCount = Object.values(renders).reduce((a, b) => a + b, 0);
  const changes = addUp(reports.map((report) => report.changes));
  const perProcess = (pick: (report: LoadReport) => string) => reports.map(pick).join('; ');
  const summary = (s: Summary) =>
    s.count === 0 ? 'none' : `p50 ${fmt(s.p50Ms, 1)} ms, p99 ${fmt(s.p99Ms, 1)} ms, max ${fmt(s.maxMs, 0)} ms`;
  return `${table(
    [
      'route',
      'answers in the rush',
      'server CPU per answer alone, ms',
      '≈ CPU s in the rush',
      'share of the servers’ CPU',
      'server p50 ms',
      'server p99 ms',
      'KiB per answer',
    ],
    rows,
  )}

The servers used ${fmt(serverCpu, 1)} CPU seconds in ${fmt(seconds, 1)} s; the rows above account for ${fmt(
    (rows.reduce((total, _row, i) => total + (answered(costs[i]!.route) * costs[i]!.cpuMs) / 1000, 0) / serverCpu) * 100,
    0,
  )} % of it (the rest: accepting and parsing connections, compressing, renders, garbage collection).
Server times run from a request's arrival to its answer's last byte, as each server process logged them (the worst process's percentile).

| per server process | |
|---|---|
| event-loop delay | ${perProcess((r) => `p50 ${fmt(r.eventLoopDelay.p50Ms, 1)} ms, p99 ${fmt(r.eventLoopDelay.p99Ms, 1)} ms, max ${fmt(r.eventLoopDelay.maxMs, 0)} ms`)} |
| writes' wait for their turn (write-first) | ${perProcess((r) => summary(r.queued.writes))} |
| reads' wait for their turn | ${perProcess((r) => summary(r.queued.reads))} |
| page renders | ${fmt(renderCount)} (${fmt(renderCount / seconds, 1)} a second): ${Object.entries(renders)
    .map(([trigger, n]) => `${fmt(n)} ${trigger}`)
    .join(
      ', ',
    )} (absent: not cached; gone: dropped or expired; due: counts' refresh after writes; writer: a reader who just wrote) |
| changes that reached the page caches | ${
    Object.entries(changes)
      .map(([kind, n]) => `${fmt(n)} ${kind}`)
      .join(', ') || 'none'
  } |${replicaRow(reports)}`;
}

/** On replicas: each server's syncs and the share of its replica's reads answered from memory (whole run, start-up included). */
function replicaRow(reports: LoadReport[]): string {
  const replicas = reports.filter((report) => report.replica && report.replica.syncs > 0);
  if (replicas.length === 0) return '';
  const each = replicas.map(({ seconds, replica }) => {
    const { syncs, readsKept, readsRan } = replica!;
    const share = (readsKept / Math.max(1, readsKept + readsRan)) * 100;
    return `${fmt(syncs)} syncs (${fmt(syncs / seconds, 1)} a second), ${fmt(readsKept)} of ${fmt(readsKept + readsRan)} reads from memory (${fmt(share, 0)} %)`;
  });
  return `\n| the replica over the server's life | ${each.join('; ')} |`;
}
