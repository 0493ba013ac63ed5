import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, entries, notifications, reports, users } from '#db/schema';
import { type Environment, type TestUser, startEnvironment } from '../helpers/environment';
import { insertEntry, insertJam, insertManager, insertNote, insertReport } from '../helpers/factories';

let env: Environment;
let admin: TestUser, reporter: TestUser, second: TestUser, author: TestUser, manager: TestUser, plain: TestUser;
let scratchIds = 830_000_000;

beforeAll(async () => {
  env = await startEnvironment();
  admin = await env.login('reports_admin', { isAdmin: true });
  reporter = await env.login('reports_reporter');
  second = await env.login('reports_second');
  author = await env.login('reports_author');
  manager = await env.login('reports_manager');
  plain = await env.login('reports_plain');
});
afterAll(() => env?.close());

async function reportedScene() {
  const jam = await insertJam(env.db);
  await insertManager(env.db, jam.id, manager.id);
  const entry = await insertEntry(env.db, jam.id, author.id, (scratchIds += 1));
  return { jam, entry };
}

const reportEntry = (slug: string, id: number, body: unknown, as: TestUser | null) =>
  env.request(`/api/jams/${slug}/entries/${id}/report`, { method: 'POST', body, as });
const queue = (as: TestUser, page = 1) => env.request(`/api/reports?page=${page}`, { as });
const act = (key: string, action: string, as: TestUser, body?: unknown) =>
  env.request(`/api/reports/${key}/${action}`, { method: 'POST', as, body });
const openReports = (entryId: number) =>
  env.db
    .select()
    .from(reports)
    .where(and(eq(reports.entryId, entryId), eq(reports.status, 'open')));

describe('reporting', () => {
  it('files a report about an entry once; reporting again answers the open report', async () => {
    const { jam, entry } = await reportedScene();
    const first = await reportEntry(jam.slug, entry.id, { reason: 'spam', text: '  Adverts for another site  ' }, reporter);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ reason: 'spam', text: 'Adverts for another site', created: true });
    const again = await reportEntry(jam.slug, entry.id, { reason: 'other', text: 'Changed my mind' }, reporter);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ...first.body, created: false });
    expect(await openReports(entry.id)).toHaveLength(1);
  });

  it('keeps one open report when the same person reports ten times at once', async () => {
    const { jam, entry } = await reportedScene();
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => reportEntry(jam.slug, entry.id, { reason: 'spam' }, second)),
    );
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(await openReports(entry.id)).toHaveLength(1);
  });

  it('reports a jam, and a new report may follow once the first was dismissed', async () => {
    const jam = await insertJam(env.db);
    const path = `/api/jams/${jam.slug}/report`;
    expect((await env.request(path, { method: 'POST', body: { reason: 'inappropriate' }, as: reporter })).status).toBe(201);
    expect((await act(`jam-${jam.id}`, 'dismiss', admin)).body).toEqual({ resolved: 1 });
    expect(
      (await env.request(path, { method: 'POST', body: { reason: 'other', text: 'Still there' }, as: reporter })).status,
    ).toBe(201);
  });

  it('refuses a missing or unknown reason and details over 500 characters, with a message, storing nothing', async () => {
    const { jam, entry } = await reportedScene();
    const cases: [unknown, string][] = [
      [{}, 'reason: Choose a reason for the report.'],
      [{ reason: 'boring' }, 'reason: Choose a reason for the report.'],
      [{ reason: 'other', text: 'x'.repeat(501) }, 'text: Keep the details to 500 characters or fewer.'],
      [{ reason: 'other', text: 42 }, 'text: Keep the details to 500 characters or fewer.'],
    ];
    for (const [body, message] of cases) {
      const reply = await reportEntry(jam.slug, entry.id, body, reporter);
      expect(reply.status).toBe(400);
      expect(reply.body.error).toMatchObject({ status: 400, code: 'invalid_input', message });
    }
    expect((await reportEntry(jam.slug, entry.id, { reason: 'other', text: 'x'.repeat(500) }, reporter)).status).toBe(201);
    expect(await openReports(entry.id)).toHaveLength(1);
  });

  it('answers 404 for an entry of another jam, and 401 for visitors', async () => {
    const { entry } = await reportedScene();
    const other = await insertJam(env.db);
    const reply = await reportEntry(other.slug, entry.id, { reason: 'spam' }, reporter);
    expect(reply.status).toBe(404);
    expect(reply.body.error.message).toBe('That entry is not part of this jam.');
    expect((await reportEntry(other.slug, entry.id, { reason: 'spam' }, null)).status).toBe(401);
  });
});

describe('the moderation queue', () => {
  it('groups open reports per item with counts and reasons; reporters for administrators only', async () => {
    const { jam, entry } = await reportedScene();
    await insertReport(env.db, reporter.id, { jamId: jam.id, entryId: entry.id }, 'spam', 'Adverts');
    await insertReport(env.db, second.id, { jamId: jam.id, entryId: entry.id }, 'spam');
    await insertReport(env.db, plain.id, { jamId: jam.id, entryId: entry.id }, 'personal-information', 'Shows a full name');
    const key = `entry-${entry.id}`;

    const asAdmin = (await queue(admin)).body.items.find((item: { key: string }) => item.key === key);
    expect(asAdmin).toMatchObject({
      kind: 'entry',
      jam: { id: jam.id, slug: jam.slug, name: jam.name },
      entry: { id: entry.id, title: entry.title, author: { id: author.id, name: author.name } },
      count: 3,
      reasons: [
        { reason: 'spam', count: 2 },
        { reason: 'personal-information', count: 1 },
      ],
    });
    expect(asAdmin.reports.map((report: { reporter: { name: string } }) => report.reporter.name)).toEqual([
      plain.name,
      second.name,
      reporter.name,
    ]);

    const asManager = await queue(manager);
    expect(asManager.status).toBe(200);
    expect(asManager.body.canBan).toBe(false);
    // Most reported first; the manager's other jams' entries follow, and never a jam's own reports.
    expect(asManager.body.items[0].key).toBe(key);
    expect(asManager.body.items.every((item: { kind: string }) => item.kind === 'entry')).toBe(true);
    expect(asManager.body.items[0].reports.map((report: { reporter: unknown }) => report.reporter)).toEqual([null, null, null]);
    expect(JSON.stringify(asManager.body)).not.toContain(reporter.name);
  });

  it('refuses people who moderate nothing with 403 and a message', async () => {
    const reply = await queue(plain);
    expect(reply.status).toBe(403);
    expect(reply.body.error.message).toBe('Only administrators and the managers of a jam can see reports.');
  });

  it('never shows an administrator who reported their own entry', async () => {
    const jam = await insertJam(env.db);
    const entry = await insertEntry(env.db, jam.id, admin.id, (scratchIds += 1));
    await insertReport(env.db, reporter.id, { jamId: jam.id, entryId: entry.id });
    const item = (await queue(admin)).body.items.find((found: { key: string }) => found.key === `entry-${entry.id}`);
    expect(item.reports[0].reporter).toBeNull();
  });

  it('pages in the database, ten items a page, most reported first', async () => {
    const before = (await queue(admin)).body.total;
    const jam = await insertJam(env.db);
    for (let i = 0; i < 11; i++) {
      const entry = await insertEntry(env.db, jam.id, (await env.login(`reports_paged_${i}`)).id, (scratchIds += 1));
      await insertReport(env.db, reporter.id, { jamId: jam.id, entryId: entry.id });
    }
    const first = await queue(admin);
    expect(first.body).toMatchObject({ page: 1, perPage: 10, total: before + 11 });
    expect(first.body.items).toHaveLength(10);
    const counts = first.body.items.map((item: { count: number }) => item.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const last = await queue(admin, 99);
    expect(last.body.page).toBe(last.body.totalPages);
  });
});

describe('moderation actions', () => {
  it('dismisses all open reports about an entry, audited, and then answers 404', async () => {
    const { jam, entry } = await reportedScene();
    await insertReport(env.db, reporter.id, { jamId: jam.id, entryId: entry.id });
    await insertReport(env.db, second.id, { jamId: jam.id, entryId: entry.id });
    expect((await act(`entry-${entry.id}`, 'dismiss', manager)).body).toEqual({ resolved: 2 });
    expect(await openReports(entry.id)).toEqual([]);
    const [audit] = await env.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'report.dismiss'), eq(auditLog.jamId, jam.id)));
    expect(audit).toMatchObject({
      actorId: manager.id,
      targetUserId: author.id,
      details: { item: `entry-${entry.id}`, title: entry.title, reports: 2 },
    });
    const again = await act(`entry-${entry.id}`, 'dismiss', manager);
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe('There are no open reports about this item: someone may have dealt with them already.');
  });

  it('removes the entry through the audited removal, noting the reports', async () => {
    const { jam, entry } = await reportedScene();
    await insertReport(env.db, reporter.id, { jamId: jam.id, entryId: entry.id });
    expect((await act(`entry-${entry.id}`, 'remove-entry', admin)).body).toEqual({ resolved: 1 });
    expect(await env.db.select().from(entries).where(eq(entries.id, entry.id))).toEqual([]);
    const [audit] = await env.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'entry.remove'), eq(auditLog.jamId, jam.id)));
    expect(audit?.details).toEqual({ scratchId: entry.scratchId, title: entry.title, reports: 1 });
  });

  it('bans the author and closes the reports in one step; with removeEntry the entry goes too', async () => {
    const banned = await env.login('reports_banned_one');
    const jam = await insertJam(env.db);
    const theirs = await insertEntry(env.db, jam.id, banned.id, (scratchIds += 1));
    await insertReport(env.db, reporter.id, { jamId: jam.id, entryId: theirs.id });
    const reply = await act(`entry-${theirs.id}`, 'ban-author', admin, { removeEntry: true });
    expect(reply.body).toEqual({ resolved: 1 });
    expect((await env.db.select().from(users).where(eq(users.id, banned.id)))[0]?.isBanned).toBe(true);
    expect(await env.db.select().from(entries).where(eq(entries.id, theirs.id))).toEqual([]);
    const actions = (await env.db.select().from(auditLog).where(eq(auditLog.targetUserId, banned.id))).map((row) => row.action);
    expect(actions.sort()).toEqual(['entry.remove', 'report.resolve', 'user.update']);
  });

  it('refuses banning yourself, changing nothing', async () => {
    const jam = await insertJam(env.db);
    const own = await insertEntry(env.db, jam.id, admin.id, (scratchIds += 1));
    await insertReport(env.db, reporter.id, { jamId: jam.id, entryId: own.id });
    const reply = await act(`entry-${own.id}`, 'ban-author', admin);
    expect(reply.status).toBe(400);
    expect(reply.body.error.message).toBe('You cannot ban yourself.');
    expect(await openReports(own.id)).toHaveLength(1);
  });

  it('keeps jams’ reports and bans to administrators, and refuses banning over a jam item', async () => {
    const { jam, entry } = await reportedScene();
    await insertReport(env.db, reporter.id, { jamId: jam.id, entryId: null });
    await insertReport(env.db, reporter.id, { jamId: jam.id, entryId: entry.id });
    const jamDismiss = await act(`jam-${jam.id}`, 'dismiss', manager);
    expect(jamDismiss.status).toBe(403);
    expect(jamDismiss.body.error.message).toBe('Only administrators can do that.');
    expect((await act(`entry-${entry.id}`, 'ban-author', manager)).status).toBe(403);
    const jamBan = await act(`jam-${jam.id}`, 'ban-author', admin);
    expect(jamBan.status).toBe(400);
    expect(jamBan.body.error.message).toBe(
      'A jam has no single author and cannot be removed from here; dismiss its reports, or edit or delete the jam.',
    );
    expect((await act(`entry-${entry.id}`, 'dismiss', plain)).status).toBe(403);
  });

  it('answers 404 for item names it does not know', async () => {
    for (const key of ['entry-0', 'post-3', 'entry-987654321', 'jam-987654321']) {
      const reply = await act(key, 'dismiss', admin);
      expect(reply.status, key).toBe(404);
      expect(reply.body.error.code).toBe('not_found');
    }
  });
});

describe('the note filter on what reporters write (issue 41)', () => {
  it('refuses details with an e-mail, a phone number, a link, a contact or an unkind word, for jams, entries and notes alike', async () => {
    const { jam, entry } = await reportedScene();
    const note = await insertNote(env.db, entry, second.id, 'A note to report');
    const paths = [
      `/api/jams/${jam.slug}/report`,
      `/api/jams/${jam.slug}/entries/${entry.id}/report`,
      `/api/jams/${jam.slug}/entries/${entry.id}/notes/${note.id}/report`,
    ];
    const cases = [
      [
        'He posted my address, write to me at kid@example.com',
        'email',
        'Please keep e-mail addresses out, so everyone stays safe.',
      ],
      ['Call my mum on 06 30 123 4567', 'phone', 'That looks like a phone number. Keep phone numbers private:'],
      ['Same game as on coolgames.io', 'link', 'Links can only go to Scratch projects and studios.'],
      ['Talk to me on discord: rep0rter_kid', 'contact', 'Keep chat apps and usernames outside Scratch private,'],
      ['This game is sh1t', 'word', 'That has a word we don’t allow here.'],
    ] as const;
    for (const path of paths) {
      for (const [text, rule, start] of cases) {
        const reply = await env.request(path, { method: 'POST', body: { reason: 'other', text }, as: reporter });
        expect(reply.status).toBe(400);
        expect(reply.body.error).toMatchObject({ code: 'text_refused', field: 'text', rule });
        expect(reply.body.error.message.startsWith(`text: ${start}`)).toBe(true);
        // Never the words themselves.
        expect(reply.body.error.message).not.toContain(text.split(' ').at(-1));
      }
    }
    expect(await env.db.select().from(reports).where(eq(reports.jamId, jam.id))).toEqual([]);
    // A Scratch link and kind details pass.
    const kept = await env.request(paths[1]!, {
      method: 'POST',
      body: { reason: 'not-their-work', text: 'Copied from https://scratch.mit.edu/projects/10128407/' },
      as: reporter,
    });
    expect(kept.status).toBe(201);
  });
});

describe('who is told of a new report (issue 41)', () => {
  it('tells the jam’s managers and every administrator once, never the reporter nor a banned administrator', async () => {
    const { jam, entry } = await reportedScene();
    const adminManager = await env.login('reports_admin_manager', { isAdmin: true });
    await insertManager(env.db, jam.id, adminManager.id);
    const bannedAdmin = await env.login('reports_banned_admin', { isAdmin: true, isBanned: true });
    const note = await insertNote(env.db, entry, second.id, 'Rude note');
    const told = async (reportId: number) =>
      (
        await env.db
          .select()
          .from(notifications)
          .where(eq(notifications.key, `report:${reportId}`))
      )
        .map((row) => [row.userId, (row.data as { queue: string; item: string }).item, (row.data as { queue: string }).queue])
        .sort(([a], [b]) => Number(a) - Number(b));

    for (const [path, item] of [
      [`/api/jams/${jam.slug}/entries/${entry.id}/report`, 'entry'],
      [`/api/jams/${jam.slug}/entries/${entry.id}/notes/${note.id}/report`, 'note'],
      [`/api/jams/${jam.slug}/report`, 'jam'],
    ] as const) {
      const reply = await env.request(path, { method: 'POST', body: { reason: 'inappropriate' }, as: reporter });
      expect(reply.status).toBe(201);
      const rows = await told(reply.body.id);
      const admins = rows.filter(([, , queue]) => queue === 'admin').map(([id]) => id);
      expect(admins).toContain(admin.id);
      // An administrator who also manages the jam is told once, with the administrators' queue.
      expect(rows.filter(([id]) => id === adminManager.id)).toEqual([[adminManager.id, item, 'admin']]);
      expect(rows).toContainEqual([manager.id, item, 'jam']);
      expect(rows.map(([id]) => id)).not.toContain(bannedAdmin.id);
      expect(rows.map(([id]) => id)).not.toContain(reporter.id);
    }

    // An administrator who reports is not told of their own report; a second report of the same person tells nobody again.
    const own = await env.request(`/api/jams/${jam.slug}/entries/${entry.id}/report`, {
      method: 'POST',
      body: { reason: 'spam' },
      as: admin,
    });
    expect((await told(own.body.id)).map(([id]) => id)).not.toContain(admin.id);
    const before = (await env.db.select().from(notifications).where(eq(notifications.kind, 'report'))).length;
    await env.request(`/api/jams/${jam.slug}/entries/${entry.id}/report`, {
      method: 'POST',
      body: { reason: 'spam' },
      as: admin,
    });
    expect((await env.db.select().from(notifications).where(eq(notifications.kind, 'report'))).length).toBe(before);

    // Administrators' inbox items open the admin queue; managers' their dashboard's.
    const hrefOf = async (as: TestUser) =>
      (await env.request('/api/me/notifications', { as })).body.items.find(
        (item: { kind: string; href: string }) => item.kind === 'report',
      )?.href;
    expect(await hrefOf(adminManager)).toBe('/dashboard/reports');
    expect(await hrefOf(manager)).toBe('/dashboard#moderation');
  });
});

describe('the administrators’ queue page (issue 41)', () => {
  it('lists open reports across all jams with their actions, for administrators only', async () => {
    const one = await reportedScene();
    const two = await reportedScene();
    await reportEntry(one.jam.slug, one.entry.id, { reason: 'spam' }, reporter);
    await reportEntry(two.jam.slug, two.entry.id, { reason: 'inappropriate' }, reporter);
    const page = await env.request('/dashboard/reports', { as: admin });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    const html = String(page.body);
    expect(html).toMatch(/<h1[^>]*>Reports queue<\/h1>/);
    for (const { entry } of [one, two]) expect(html).toContain(`data-item="entry-${entry.id}"`);
    expect(html).toContain('Dismiss');
    expect(html).toContain('Remove the entry');
    expect(html).toContain('Ban the author');
    const dashboard = String((await env.request('/dashboard', { as: admin })).body);
    // The admin tools link to it with the number of reported items.
    const { total } = (await queue(admin)).body;
    expect(total).toBeGreaterThanOrEqual(2);
    expect(dashboard).toMatch(
      new RegExp(`href="/dashboard/reports"[^>]*>Reports queue<span class="badge"[^>]*>${total} open</span>`),
    );

    // The isAdmin guard (spec §6) sends everyone else home: a manager, a visitor.
    for (const as of [manager, null]) {
      const refused = await env.request('/dashboard/reports', { as });
      expect(refused.status).toBe(302);
      expect(refused.headers.get('location')).toBe('/');
    }
  });
});
