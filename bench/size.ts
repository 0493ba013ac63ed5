/**
 * `npm run bench:size`: what the public pages weigh in a real browser, and Lighthouse's mobile
 * performance score for them. Runs against the large benchmark database (bench/generate.ts).
 * See bench/README.md.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { BENCH_DATABASE, BIG_JAM_SLUG, generateBenchDatabase } from './generate';
import { loadAverage, machine, table, writeSection } from './results';
import { ROOT, build, startApp } from './servers';
import { CHROMIUM_LAUNCH, CHROMIUM_PATH } from '../scripts/chromium';

/** The goals of issue 16: JS per public page (KB gzip) and Lighthouse's mobile performance score. */
const LIGHTHOUSE_TARGET = 0.98;
const PAGES = [
  { name: 'home', path: '/', jsBudgetKb: 70 },
  { name: 'explore', path: '/explore', jsBudgetKb: 70 },
  { name: 'jam page (10,000 entries)', path: `/jams/${BIG_JAM_SLUG}`, jsBudgetKb: 80 },
  { name: 'about', path: '/about', jsBudgetKb: 70 },
];
/** React's own runtime, which every page with an island loads: its share of each page's JS. */
const REACT_RUNTIME = /^(client|react|jsx-runtime|rolldown-runtime)\.[\w-]+\.js$/;

type Kind = 'js' | 'css' | 'html' | 'other';
type Weight = Record<Kind, { files: number; gzip: number }> & { scripts: { path: string; gzip: number }[] };

const kindOf = (resourceType: string, contentType: string): Kind => {
  if (resourceType === 'script' || /javascript/.test(contentType)) return 'js';
  if (resourceType === 'stylesheet' || /text\/css/.test(contentType)) return 'css';
  if (resourceType === 'document' || /text\/html/.test(contentType)) return 'html';
  return 'other';
};

/** Loads the page, scrolls to the end (islands that hydrate when visible load then), and weighs what came. */
async function weigh(url: string): Promise<Weight> {
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
    const weight: Weight = {
      js: { files: 0, gzip: 0 },
      css: { files: 0, gzip: 0 },
      html: { files: 0, gzip: 0 },
      other: { files: 0, gzip: 0 },
      scripts: [],
    };
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      if (!response.url().startsWith(new URL(url).origin) || response.status() !== 200) return;
      // The pages its links prefetch (spec §4) are the next page's weight, not this one's.
      if (response.request().headers()['sec-purpose']?.startsWith('prefetch')) return;
      pending.push(
        response.body().then(
          (body) => {
            const kind = kindOf(response.request().resourceType(), response.headers()['content-type'] ?? '');
            const gzip = gzipSync(body).byteLength;
            weight[kind].files += 1;
            weight[kind].gzip += gzip;
            if (kind === 'js') weight.scripts.push({ path: new URL(response.url()).pathname, gzip });
          },
          () => undefined, // a redirect or an aborted request has no body
        ),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    return weight;
  } finally {
    await browser.close();
  }
}

/** Lighthouse's CLI (mobile is its default form factor); null and the reason when it cannot run. */
function lighthouse(url: string): { score: number | null; note: string } {
  const result = spawnSync(
    process.execPath,
    [
      join(ROOT, 'node_modules/lighthouse/cli/index.js'),
      url,
      '--only-categories=performance',
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: 180_000 },
  );
  if (result.status !== 0)
    return { score: null, note: (result.stderr || String(result.error ?? 'failed')).trim().split('\n').at(-1)! };
  const report = JSON.parse(result.stdout) as {
    categories: { performance: { score: number | null } };
    audits: Record<string, { displayValue?: string }>;
    runtimeError?: { message: string };
  };
  if (report.runtimeError) return { score: null, note: report.runtimeError.message };
  const audit = (id: string) => report.audits[id]?.displayValue ?? '—';
  return {
    score: report.categories.performance.score,
    note: `FCP ${audit('first-contentful-paint')}, LCP ${audit('largest-contentful-paint')}, TBT ${audit('total-blocking-time')}, CLS ${audit('cumulative-layout-shift')}`,
  };
}

/** Kilobytes of 1,000 bytes, as the budget is written. */
const kb = (bytes: number) => (bytes / 1000).toFixed(1);

const loadAtStart = loadAverage();
if (!existsSync(BENCH_DATABASE) || process.env.BENCH_REGENERATE !== '0') await generateBenchDatabase();
build();
const app = await startApp('app-size', { DATABASE_URL: `file:${BENCH_DATABASE}` });
const rows: (string | number)[][] = [];
const scores: { name: string; score: number | null; note: string; js: number; jsBudgetKb: number; react: number }[] = [];
let largest: Weight['scripts'] = [];
try {
  for (const page of PAGES) {
    console.log(`weighing ${page.name} …`);
    const weight = await weigh(app.url + page.path);
    console.log(weight.scripts.map((script) => `  ${kb(script.gzip)} ${script.path}`).join('\n'));
    console.log(`lighthouse ${page.name} …`);
    const { score, note } = lighthouse(app.url + page.path);
    const react = weight.scripts
      .filter((script) => REACT_RUNTIME.test(script.path.split('/').at(-1)!))
      .reduce((sum, script) => sum + script.gzip, 0);
    scores.push({ name: page.name, score, note, js: weight.js.gzip, jsBudgetKb: page.jsBudgetKb, react });
    if (weight.js.gzip > largest.reduce((sum, script) => sum + script.gzip, 0)) largest = weight.scripts;
    rows.push([
      page.name,
      `${kb(weight.js.gzip)} (${weight.js.files})`,
      `${kb(weight.css.gzip)} (${weight.css.files})`,
      `${kb(weight.html.gzip)}`,
      kb(weight.js.gzip + weight.css.gzip + weight.html.gzip),
      score === null ? 'could not run' : score.toFixed(2),
    ]);
  }
} finally {
  await app.stop();
}

const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');
const report = `## npm run bench:size

${machine(loadAtStart)}.
Chromium (${CHROMIUM_PATH}) at a phone-sized viewport, scrolled to the end so islands that hydrate when visible load too;
KB are gzip (level 6) of each same-origin response body, whatever encoding was sent; pages prefetched by its links are not counted. Lighthouse ${lighthouseVersion()}, mobile, performance only.

${table(['page', 'JS KB gzip (files)', 'CSS KB gzip (files)', 'HTML KB gzip', 'total KB', 'Lighthouse mobile'], rows)}

Of each page's JS, React's own runtime (react-dom's client, react, the JSX runtime; the same files on every page):
${scores.map((s) => `${s.name} ${kb(s.react)} KB`).join(', ')}.

| target | measured | target met? |
|---|---:|---:|
${scores.map((s) => `| ${s.name}: JS ≤ ${s.jsBudgetKb} KB gzip | ${kb(s.js)} KB | ${verdict(s.js <= s.jsBudgetKb * 1000)} |`).join('\n')}
${scores.map((s) => `| ${s.name}: Lighthouse mobile performance ≥ ${LIGHTHOUSE_TARGET} | ${s.score === null ? `could not run: ${s.note}` : `${s.score.toFixed(2)} (${s.note})`} | ${verdict(s.score !== null && s.score >= LIGHTHOUSE_TARGET)} |`).join('\n')}

The heaviest page's largest scripts (gzip KB): ${largest
  .sort((a, b) => b.gzip - a.gzip)
  .slice(0, 8)
  .map((script) => `\`${script.path.split('/').at(-1)}\` ${kb(script.gzip)}`)
  .join(', ')}.`;

function lighthouseVersion(): string {
  return (JSON.parse(readFileSync(join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8')) as { version: string }).version;
}

console.log(`\n${report}\n`);
writeSection('size', report);
