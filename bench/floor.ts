/**
 * `npm run bench:floor`: the day's node:http floor alone, in seconds rather than the full bench's
 * half hour: the same bytes-from-memory server and load as `npm run bench`'s baseline row, so a
 * suite's time (`.ci/run`) can be read beside how fast this host is today. Serves the big jam page
 * the full bench saved (bench/.data/jam-page.html), or a 100 KiB page when it has not run here.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from './measure';
import { loadAverage } from './results';
import { DATA, startBaseline } from './servers';

const saved = join(DATA, 'jam-page.html');
const file = existsSync(saved) ? saved : join(DATA, 'floor-page.html');
if (!existsSync(file)) {
  mkdirSync(DATA, { recursive: true });
  writeFileSync(file, `<!doctype html><title>floor</title>${'<p>Scratch game jam.</p>'.repeat(4600)}`);
}
const loadAtStart = loadAverage();
const server = await startBaseline(file);
try {
  const measured = await load(server.url, { connections: 10, seconds: Number(process.env.BENCH_SECONDS ?? 5) });
  console.log(
    `node:http floor: ${Math.round(measured.rps).toLocaleString('en')} requests/s (p50 ${measured.p50} ms, p99 ${measured.p99} ms; ` +
      `${existsSync(saved) ? 'the big jam page' : 'a 100 KiB page'}; load average ${loadAtStart} at the start)`,
  );
} finally {
  await server.stop();
}
