/**
 * `npm run bench:round-trips [-- USERNAME]`: the round trips each route costs on a remote database
 * (the Node build on sqld, seeded demo data, page cache off, a counting proxy in between), as a
 * visitor and as USERNAME (default demo_admin). `SHOW=/path` prints the SQL of each round trip of
 * that one route (`SHOW_CHARS=n` prints n characters of each, 400 by default); `ONLY=regex` measures
 * only the routes it matches. The budgets themselves are held by tests/api/round-trips.test.ts.
 */
import { eq } from 'drizzle-orm';
import { seedDemoData } from '#db/seed';
import { entries, jams, sessions, users } from '#db/schema';
import { migrateDatabase, openDatabase } from '#server/node/database';
import { SESSION_COOKIE, SESSION_LIFETIME_MS, generateSessionToken, hashToken } from '#server/auth/session';
import { startApp } from '../tests/helpers/app';
import { startSqld } from '../tests/helpers/sqld';
import { startRoundTripProxy } from '../tests/helpers/round-trip-proxy';

const sqld = await startSqld();
const database = await openDatabase(sqld.url);
await migrateDatabase(database);
await seedDemoData(database);
const proxy = await startRoundTripProxy(sqld.url);
const app = await startApp({ DATABASE_URL: proxy.url, ITINERARY_PAGE_CACHE: 'off' });
const name = process.argv[2] ?? 'demo_admin';
const [user] = await database.select().from(users).where(eq(users.name, name));
const token = generateSessionToken();
await database
  .insert(sessions)
  .values({ id: hashToken(token), userId: user!.id, expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS) });
const cookie = `${SESSION_COOKIE}=${token}`;
const feedToken = 'a'.repeat(40);
await database.update(users).set({ feedToken }).where(eq(users.id, user!.id));
const allJams = await database.select({ slug: jams.slug, id: jams.id }).from(jams);
const someEntries = await database.select({ id: entries.id, jamId: entries.jamId }).from(entries).limit(3);
const entryJam = allJams.find((j) => j.id === someEntries[0]!.jamId)!.slug;
const e = someEntries[0]!.id;
// An ended jam too: its entry pages rank and name winners, its lists show ranks.
const endedJam = allJams.find((j) => j.slug === 'autumn-arcade-jam')!;
const [endedEntry] = await database.select({ id: entries.id }).from(entries).where(eq(entries.jamId, endedJam.id)).limit(1);
const ended = endedJam.slug;
const f = endedEntry!.id;
const routes = [
  '/',
  '/explore',
  '/jams',
  `/jams/${entryJam}`,
  `/jams/${entryJam}/entries/${e}`,
  '/users/demo_admin',
  '/users/sprite_smith',
  '/dashboard',
  '/notifications',
  '/dashboard/users',
  '/dashboard/activity',
  '/dashboard/jam-requests',
  '/dashboard/filter',
  `/jams/${entryJam}/activity`,
  `/jams/${entryJam}/review`,
  '/jams/new',
  '/jams/request',
  '/api/jams',
  `/api/jams/${entryJam}`,
  '/api/auth/me',
  `/api/jams/${entryJam}/viewer`,
  `/api/jams/${entryJam}/my-votes`,
  `/api/jams/${entryJam}/entries`,
  `/api/jams/${entryJam}/entries/${e}`,
  `/api/jams/${entryJam}/entries/${e}/notes`,
  `/api/jams/${entryJam}/entries/${e}/kudos`,
  `/api/jams/${entryJam}/entries/${e}/credits`,
  `/api/jams/${entryJam}/viewer?entry=${e}`,
  `/jams/${ended}/entries/${f}`,
  `/api/jams/${ended}/entries`,
  `/api/jams/${ended}/entries?sort=newest`,
  `/api/jams/${ended}/viewer?entry=${f}`,
  '/api/me/notifications',
  '/api/me/notifications/unread',
  '/api/me',
  '/api/users',
  '/api/reports',
  '/api/activity',
  `/api/jams/${entryJam}/stats`,
  `/api/jams/${entryJam}/winners`,
  `/api/jams/${entryJam}/votes`,
  `/api/jams/${entryJam}/next-entry`,
  `/api/jams/${entryJam}/participation`,
  '/api/user/demo_admin/profile',
  '/api/user/sprite_smith/profile',
  '/rss.xml',
  '/feed.json',
  '/calendar.ics',
  `/jams/${entryJam}.ics`,
  '/sitemap.xml',
  '/sitemaps/1.xml',
  '/api/me/jam-requests',
  '/api/jam-requests',
  '/api/me/invitations',
  `/feeds/${feedToken}/my-jams.xml`,
  `/feeds/${feedToken}/my-jams.ics`,
  `/api/jams/${entryJam}/activity`,
  `/api/jams/${entryJam}/review`,
];
const only = process.env.ONLY ? new RegExp(process.env.ONLY) : null;
for (const path of process.env.SHOW ? [process.env.SHOW] : routes.filter((route) => !only || only.test(route))) {
  for (const who of ['anon', 'user']) {
    await fetch(app.url + path, { redirect: 'manual', headers: who === 'user' ? { cookie } : {} }).then((r) => r.arrayBuffer());
    proxy.reset();
    const r = await fetch(app.url + path, { redirect: 'manual', headers: who === 'user' ? { cookie } : {} });
    await r.arrayBuffer();
    await new Promise((res) => setTimeout(res, 30));
    if (process.env.SHOW && path === process.env.SHOW)
      console.log(
        proxy
          .statements()
          .map((x) => x.slice(0, Number(process.env.SHOW_CHARS ?? 400)))
          .join('\n'),
      );
    console.log(`${who.padEnd(5)} ${String(r.status).padEnd(4)} ${String(proxy.count()).padStart(3)} ${path}`);
  }
}
await app.stop();
await proxy.close();
database.$client.close();
await sqld.stop();
