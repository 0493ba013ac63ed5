/**
 * "Their data in their hands" (issue 41 §3) on every deploy target: a Scratcher takes part, downloads
 * their data from the dashboard, checks the file's sections, then deletes their account — and the
 * site's database (embedded SQLite, or sqld under workerd) keeps nothing that names them.
 */
import { readFile } from 'node:fs/promises';
import { createClient } from '@libsql/client';
import { expect, ongoingJam, submitEntry, test, userPage } from './fixtures';

const NAME = 'data_taker';
const SECTIONS = [
  'profile',
  'entries',
  'credits',
  'notes',
  'kudosGiven',
  'votes',
  'ratings',
  'judging',
  'judgeFeedback',
  'plays',
  'reports',
  'notifications',
  'jamRequests',
  'joinedJams',
  'managedJams',
  'lateWindows',
  'themeSuggestions',
  'themeAnswers',
  'themePicks',
  'jamVersions',
  'heldTexts',
];

test('a Scratcher downloads their data from the dashboard, deletes their account, and nothing names them any more', async ({
  browser,
  target,
}) => {
  test.setTimeout(90_000);
  const jam = await ongoingJam(browser, 'Smoke My Data');
  const author = await userPage(browser, 'sprite_smith');
  const other = await submitEntry(author, jam.slug, 900000101);
  await author.context().close();

  const page = await userPage(browser, NAME);
  const mine = await submitEntry(page, jam.slug, 100000301);
  const entryApi = `/api/jams/${jam.slug}/entries/${other.id}`;
  for (const [method, path, data] of [
    ['PUT', `${entryApi}/play`, undefined],
    ['PUT', `${entryApi}/vote`, undefined],
    ['PUT', `${entryApi}/kudos/art`, undefined],
    ['POST', `${entryApi}/notes`, { text: 'Smoke note from the data taker' }],
    ['POST', `${entryApi}/report`, { reason: 'spam', text: 'Smoke report' }],
  ] as const) {
    const response = await page.request.fetch(path, { method, data });
    expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  }

  await page.goto('/dashboard');
  const downloaded = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download my data' }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^itinerary-data-${NAME}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
  const data = JSON.parse(await readFile((await download.path())!, 'utf8'));
  expect(Object.keys(data)).toEqual(['format', 'version', 'exportedAt', ...SECTIONS]);
  expect(data.profile.name).toBe(NAME);
  expect(data.entries.map((entry: { id: number }) => entry.id)).toEqual([mine.id]);
  for (const section of ['plays', 'votes', 'kudosGiven', 'notes', 'reports']) {
    expect(
      data[section].map((row: { entry: { id: number } }) => row.entry.id),
      section,
    ).toEqual([other.id]);
  }
  expect(data.joinedJams.map((row: { jam: { slug: string } }) => row.jam.slug)).toEqual([jam.slug]);
  expect(JSON.stringify(data)).not.toMatch(/token|secret/i);
  const id = data.profile.id as number;

  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(async () => {
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog).toBeVisible({ timeout: 1000 });
  }).toPass();
  await dialog.getByLabel(`Type your username, ${NAME}, to confirm`).fill(NAME);
  await dialog.getByRole('button', { name: 'Delete my account forever' }).click();
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  expect((await page.request.get('/api/me/export')).status()).toBe(401);

  // What the site's own database holds now, read directly.
  const database = createClient({ url: target.databaseUrl });
  try {
    const tables = (
      await database.execute(
        "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '\\_%' escape '\\'",
      )
    ).rows.map((row) => String(row.name));
    expect(tables).toContain('audit_log');
    const leftovers: string[] = [];
    for (const table of tables) {
      const pointers = (
        await database.execute({
          sql: 'select "from" as col from pragma_foreign_key_list(?) where "table" = ?',
          args: [table, 'users'],
        })
      ).rows;
      for (const { col } of pointers) {
        const { rows } = await database.execute({
          sql: `select count(*) as n from "${table}" where "${String(col)}" = ?`,
          args: [id],
        });
        if (Number(rows[0]!.n) > 0) leftovers.push(`${table}.${String(col)}`);
      }
      for (const row of (await database.execute(`select * from "${table}"`)).rows) {
        if (JSON.stringify(row).toLowerCase().includes(NAME)) leftovers.push(`${table}: ${JSON.stringify(row).slice(0, 160)}`);
      }
    }
    // Per-user rate-limit counts (kept in the database on hosts other than our Node server) went too.
    const buckets = await database.execute({
      sql: 'select key from rate_limit_buckets where key glob ?',
      args: [`*:user:${id}`],
    });
    leftovers.push(...buckets.rows.map((row) => `rate_limit_buckets: ${String(row.key)}`));
    expect(leftovers).toEqual([]);
    // What others made stays: the other entry, with the deleted person's vote, kudos and play gone.
    const [entry] = (
      await database.execute({ sql: 'select play_count, kudos_count from entries where id = ?', args: [other.id] })
    ).rows;
    expect(entry).toMatchObject({ play_count: 0, kudos_count: 0 });
  } finally {
    database.close();
  }
});
