/**
 * The Worker's configuration comes from its environment with the README's names: a wrong setting
 * answers every request with the one line that names it, as the Node server stops with it. Its cron
 * trigger sweeps what expired.
 * (Run by the workerd project only: playwright.smoke.config.ts.)
 */
import { createClient } from '@libsql/client';
import { expect, test } from './fixtures';
import { startTarget } from './targets';

test.describe('a Worker with a wrong setting', () => {
  const cases: { setting: Record<string, string>; line: string }[] = [
    {
      setting: { DATABASE_URL: 'file:./data/itinerary.db' },
      line: 'Invalid configuration: DATABASE_URL must be a libsql://, https:// or http:// URL on Cloudflare Workers; a file: database needs the Node server (got "file:./data/itinerary.db")',
    },
    {
      setting: { ITINERARY_PAGE_CACHE_TTL: 'soon' },
      line: 'Invalid configuration: ITINERARY_PAGE_CACHE_TTL must be a number of seconds (got "soon")',
    },
  ];
  for (const { setting, line } of cases) {
    test(`answers every request with the line naming ${Object.keys(setting)[0]}`, async () => {
      const site = await startTarget('workerd', { env: setting });
      try {
        for (const path of ['/', '/api/jams']) {
          const response = await fetch(`${site.url}${path}`);
          expect(response.status).toBe(500);
          expect(await response.text()).toBe(`${line}\n`);
        }
      } finally {
        await site.close();
      }
    });
  }
});

test("the Worker's cron trigger deletes expired sessions and full rate-limit buckets", async ({ target }) => {
  const database = createClient({ url: target.databaseUrl });
  try {
    const { rows } = await database.execute("select id from users where name = 'demo_admin'");
    const userId = Number(rows[0]!.id);
    const long = Date.now() - 3 * 86_400_000;
    await database.execute({
      sql: 'insert into sessions (id, user_id, expires_at) values (?, ?, ?)',
      args: ['expired-smoke', userId, long],
    });
    await database.execute({
      sql: 'insert into rate_limit_buckets (key, tokens, at) values (?, 0, ?)',
      args: ['joins:smoke', long],
    });
    // wrangler dev runs the scheduled handler when asked at this address (Cron Triggers need an account).
    const cron = await fetch(`${target.url}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent('17 * * * *')}`);
    expect(cron.status).toBe(200);
    await expect
      .poll(async () => {
        const sessions = await database.execute("select count(*) as n from sessions where id = 'expired-smoke'");
        const buckets = await database.execute("select count(*) as n from rate_limit_buckets where key = 'joins:smoke'");
        return [Number(sessions.rows[0]!.n), Number(buckets.rows[0]!.n)];
      })
      .toEqual([0, 0]);
  } finally {
    database.close();
  }
});

test('the Worker answers many page views at once, each with its own database queries', async ({ target }) => {
  // More statements at once than @libsql/client queues by default (20): a queued statement must not
  // be started or settled from another request's context, which workerd refuses (the request hangs).
  const answers = await Promise.all(
    Array.from({ length: 40 }, (_, index) => fetch(`${target.url}/explore?page=${(index % 5) + 1}&q=${index}`)),
  );
  expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
});
