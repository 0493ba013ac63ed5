/**
 * `bench/generate.ts [path]`: the large benchmark database, written with set-based SQL
 * (recursive CTEs) so it takes seconds. Times are relative to now, so regenerate before a run.
 *
 * - 100,000 jams over ~10 years (about 800 upcoming, a few hundred ongoing, the rest ended);
 * - the big jam (`BIG_JAM_SLUG`, ongoing, featured): 10,000 entries, 30,000 users who can vote,
 *   90,000 votes — every user casts all 3 of their votes there;
 * - 1,000 ended jams with 5 entries each and 10,000 more votes, for 100,000 votes in all.
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { migrateDatabase, openDatabase } from '#server/node/database';

export const BENCH_DATABASE = resolve(import.meta.dirname, '.data/bench.db');
export const BIG_JAM_SLUG = 'gmtk-size-bench-jam';
export const JAM_COUNT = 100_000;
export const USER_COUNT = 30_000;
export const BIG_JAM_ENTRIES = 10_000;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const words = (list: string[]) => `'${JSON.stringify(list)}'`;
const ADJECTIVES = words([
  'Cosmic',
  'Tiny',
  'Spooky',
  'Retro',
  'Speedy',
  'Frozen',
  'Pixel',
  'Mystic',
  'Lucky',
  'Sunny',
  'Clockwork',
  'Neon',
  'Sleepy',
  'Wobbly',
  'Brave',
  'Hidden',
  'Electric',
  'Paper',
  'Velvet',
  'Golden',
]);
const NOUNS = words([
  'Cat',
  'Rocket',
  'Garden',
  'Castle',
  'Robot',
  'Ocean',
  'Forest',
  'Dragon',
  'Island',
  'Comet',
  'Maze',
  'Potion',
  'Train',
  'Planet',
  'Puzzle',
  'Lantern',
  'Volcano',
  'Carnival',
  'Library',
  'Desert',
]);
const pick = (list: string, index: string) => `json_extract(${list}, '$[' || (${index}) || ']')`;

const BIG_JAM_BODY = `## Theme

**Only one.** Make a game around the idea of "only one" — one button, one life, one screen.

## Rules

1. Start a new project during the jam and share it on Scratch.
2. One entry per Scratcher; credit any assets you remix.
3. Vote for up to 3 games you like (not your own).

## Prizes

The three games with the most votes are featured on the home page.`;

/** Creates (replacing) the benchmark database at `path` and fills it. */
export async function generateBenchDatabase(path = BENCH_DATABASE, now = Date.now()): Promise<void> {
  mkdirSync(dirname(path), { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true });
  const database = await openDatabase(`file:${path}`);
  await migrateDatabase(database, resolve(import.meta.dirname, '../db/migrations'));
  const client = database.$client;
  await client.execute('PRAGMA synchronous = OFF');

  const run = (sql: string) => client.execute(sql);
  const seq = (count: number) => `WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${count})`;

  await run(`INSERT INTO users (id, name, avatar_url)
    ${seq(USER_COUNT)}
    SELECT n, 'bench_user_' || printf('%05d', n), 'https://cdn2.scratch.mit.edu/get_image/user/' || (1000 + n) || '_90x90.png' FROM seq`);

  // Jam 1 is the big one; jams 2..100,000 start about 52 minutes apart, newest a month ahead.
  await run(`INSERT INTO jams (id, slug, name, description, body, starts_at, ends_at, featured, mystery, created_by, created_at, updated_at)
    VALUES (1, '${BIG_JAM_SLUG}', 'GMTK-size Bench Jam', 'The big one: 10,000 entries and 30,000 Scratchers who can vote.',
      '${BIG_JAM_BODY.replaceAll("'", "''")}', ${now - 9 * DAY}, ${now + 1 * DAY}, 1, 0, 1, ${now - 30 * DAY}, ${now - 30 * DAY})`);
  // Each jam was created two weeks before it starts (or just now), so "newest jams" lists (feeds) are realistic.
  await run(`INSERT INTO jams (id, slug, name, description, body, starts_at, ends_at, featured, mystery, created_by, created_at, updated_at)
    ${seq(JAM_COUNT)}
    SELECT n, 'bench-jam-' || printf('%06d', n),
      ${pick(ADJECTIVES, 'n % 20')} || ' ' || ${pick(NOUNS, '(n / 20) % 20')} || ' Jam #' || n,
      'Make a ' || lower(${pick(ADJECTIVES, '(n * 7) % 20')}) || ' game about a ' || lower(${pick(NOUNS, '(n * 3) % 20')}) || ' in Scratch.',
      '## Theme' || char(10) || char(10) || 'A ' || lower(${pick(NOUNS, '(n * 11) % 20')}) || '.',
      ${now + 30 * DAY} - n * ${52 * MINUTE},
      ${now + 30 * DAY} - n * ${52 * MINUTE} + (2 + (n * 7) % 13) * ${DAY},
      n % 500 = 0, n % 50 = 0, 1 + n % ${USER_COUNT},
      min(${now}, ${now + 16 * DAY} - n * ${52 * MINUTE}), min(${now}, ${now + 16 * DAY} - n * ${52 * MINUTE})
    FROM seq WHERE n > 1`);

  // Entries of the big jam: user n submits project n, a few seconds apart.
  await run(`INSERT INTO entries (id, jam_id, scratch_id, submitter_id, title, thumbnail_url, author_name, submitted_at)
    ${seq(BIG_JAM_ENTRIES)}
    SELECT n, 1, 700000000 + n, n,
      ${pick(ADJECTIVES, '(n * 13) % 20')} || ' ' || ${pick(NOUNS, '(n * 17) % 20')} || ' ' || n,
      'https://cdn2.scratch.mit.edu/get_image/project/' || (700000000 + n) || '_480x360.png',
      'bench_user_' || printf('%05d', n), ${now - 9 * DAY} + n * 60000
    FROM seq`);

  // Teams (issue 35): every 10th entry of the big jam credits an accepted co-creator, users 10,001..11,000
  // (who entered nothing there: one entry per person per jam), so searching by co-creator has rows to find.
  await run(`INSERT INTO entry_credits (entry_id, user_id, jam_id, status, invited_by, invited_at, accepted_at)
    ${seq(BIG_JAM_ENTRIES / 10)}
    SELECT n * 10, ${BIG_JAM_ENTRIES} + n, 1, 'accepted', n * 10, ${now - 9 * DAY}, ${now - 9 * DAY} + 60000
    FROM seq`);

  // Every user votes 3 times in the big jam, for 3 distinct entries that are never their own
  // (entry u + 2 + k + (37u mod 9000), mod 10,000, can never wrap round to u for k < 3).
  await run(`INSERT INTO votes (entry_id, voter_id, jam_id, created_at)
    ${seq(USER_COUNT * 3)}
    SELECT ((u + 1 + k + (u * 37) % 9000) % ${BIG_JAM_ENTRIES}) + 1, u, 1, ${now - 8 * DAY} + n * 1000
    FROM (SELECT (n - 1) / 3 + 1 AS u, (n - 1) % 3 AS k, n FROM seq)`);

  // Jams 2001..3000 have ended: 5 entries each by users 1..5,000, and 2 votes per entry by users above 10,000.
  const smallEntries = 5_000;
  await run(`INSERT INTO entries (id, jam_id, scratch_id, submitter_id, title, thumbnail_url, author_name, submitted_at)
    ${seq(smallEntries)}
    SELECT ${BIG_JAM_ENTRIES} + n, 2001 + (n - 1) / 5, 710000000 + n, n,
      ${pick(NOUNS, '(n * 3) % 20')} || ' Adventure ' || n,
      'https://cdn2.scratch.mit.edu/get_image/project/' || (710000000 + n) || '_480x360.png',
      'bench_user_' || printf('%05d', n),
      (SELECT starts_at + ${DAY} FROM jams WHERE id = 2001 + (n - 1) / 5)
    FROM seq`);
  await run(`INSERT INTO votes (entry_id, voter_id, jam_id, created_at)
    ${seq(smallEntries * 2)}
    SELECT ${BIG_JAM_ENTRIES} + (n + 1) / 2, 10001 + (n - 1) % 20000, 2001 + (n - 1) / 10, ${now - 30 * DAY}
    FROM seq`);

  await run('PRAGMA wal_checkpoint(TRUNCATE)');
  client.close();
}

if (import.meta.main) {
  const path = process.argv[2] ? resolve(process.argv[2]) : BENCH_DATABASE;
  const started = performance.now();
  await generateBenchDatabase(path);
  console.log(
    `Generated ${path} in ${((performance.now() - started) / 1000).toFixed(1)} s${existsSync(path) ? '' : ' (missing?)'}`,
  );
}
