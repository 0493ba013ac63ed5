/**
 * Hostile text in Chromium: every payload of tests/security/xss-payloads.ts goes into every
 * user-controlled text — jam name, description, body, image address, usernames, jam requests
 * (their fields, note and decline reason), and project titles, authors and thumbnails as the Scratch API hands them over — and is rendered on every
 * page that shows it. Nothing may run: no dialog, no `window.__xss`, no script the CSP had to
 * block, and nothing in the DOM that could run later (handlers, javascript: addresses, frames).
 *
 * The spec starts its own server, database and fakes (tests/helpers/environment.ts) in each worker
 * that runs its tests, so it can plant data the API would refuse, as if validation had failed.
 */
import { type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { eq, inArray } from 'drizzle-orm';
import { entries, jamManagers, jamRequests, jams, notes, notifications, reports, users, votes } from '#db/schema';
import { type Environment, type TestUser, startEnvironment } from '../helpers/environment';
import { timing } from '../helpers/factories';
import { XSS_PAYLOADS } from '../security/xss-payloads';

// Each worker that runs some of these tests plants the payloads in its own environment (beforeAll).
test.describe.configure({ mode: 'parallel' });

const N = XSS_PAYLOADS.length;
const PARALLEL_PAGES = 4;
const STATUSES = ['ongoing', 'ended', 'upcoming'] as const;

let env: Environment;
let viewer: TestUser;
const hostileUsers: TestUser[] = [];
/** Each payload's entry page with the payload as notes (one shown, one hidden), by the hostile author. */
const notedEntries: string[] = [];

test.beforeAll(async () => {
  test.setTimeout(180_000);
  env = await startEnvironment({ ITINERARY_PAGE_CACHE: 'off' });
  viewer = await env.login('xss_viewer', { isAdmin: true });
  for (const [i, payload] of XSS_PAYLOADS.entries()) {
    const status = STATUSES[i % 3]!;
    // A prefix keeps the names unique (case-insensitively, as Itinerary compares them).
    const [author] = await env.db
      .insert(users)
      .values({ name: `${i}${payload}`, avatarUrl: payload })
      .returning();
    const [jam] = await env.db
      .insert(jams)
      .values({
        slug: `xss-${i}`,
        name: payload,
        description: payload,
        body: payload,
        imageUrl: payload,
        mystery: status === 'upcoming',
        ...timing(status),
      })
      .returning();
    await env.db.insert(jamManagers).values([
      { jamId: jam!.id, userId: viewer.id },
      { jamId: jam!.id, userId: author!.id },
    ]);
    const entry = { jamId: jam!.id, title: payload, authorName: payload, thumbnailUrl: payload };
    await env.db
      .insert(entries)
      .values({ ...entry, submitterId: author!.id, scratchId: 500_000_000 + i, isWinner: status === 'ended' });
    const [mine] = await env.db
      .insert(entries)
      .values({ ...entry, submitterId: viewer.id, scratchId: 510_000_000 + i })
      .returning();
    // The payload as a note (kept as if the filter had failed) and as a hidden one, reported by its author.
    const [note] = await env.db
      .insert(notes)
      .values([
        { entryId: mine!.id, jamId: jam!.id, authorId: author!.id, text: payload },
        { entryId: mine!.id, jamId: jam!.id, authorId: author!.id, text: payload, hiddenAt: new Date(), hiddenBy: viewer.id },
      ])
      .returning();
    await env.db
      .insert(reports)
      .values({ reporterId: author!.id, jamId: jam!.id, entryId: mine!.id, noteId: note!.id, reason: 'other', text: payload });
    notedEntries.push(`/jams/xss-${i}/entries/${mine!.id}`);
    // One vote, so the community's choice (the winners card's second entry) is shown too.
    await env.db.insert(votes).values({ entryId: mine!.id, voterId: author!.id, jamId: jam!.id });
    // The viewer's inbox: kudos and a report naming the hostile entry, jam and author, a removed entry and a declined request.
    await env.db.insert(notifications).values([
      {
        userId: viewer.id,
        kind: 'kudos',
        key: `kudos:${mine!.id}:${author!.id}`,
        groupKey: `kudos:${mine!.id}`,
        entryId: mine!.id,
        jamId: jam!.id,
        actorId: author!.id,
      },
      { userId: viewer.id, kind: 'report', key: `report:x${i}`, entryId: mine!.id, jamId: jam!.id, data: { item: 'entry' } },
      {
        userId: viewer.id,
        kind: 'entry-removed',
        key: `removed:x${i}`,
        jamId: jam!.id,
        data: { title: payload, reported: true },
      },
      { userId: viewer.id, kind: 'request-declined', key: `request:x${i}`, data: { name: payload, reason: payload } },
    ]);
    // A jam request of the author with the payload everywhere: pending, approved (its jam) or declined.
    const requestStatus = (['pending', 'approved', 'declined'] as const)[i % 3]!;
    await env.db.insert(jamRequests).values({
      requesterId: author!.id,
      name: payload,
      description: payload,
      body: payload,
      imageUrl: payload,
      note: payload,
      ...timing('upcoming'),
      status: requestStatus,
      declineReason: requestStatus === 'declined' ? payload : null,
      jamId: requestStatus === 'approved' ? jam!.id : null,
      reviewedBy: requestStatus === 'pending' ? null : viewer.id,
      reviewedAt: requestStatus === 'pending' ? null : new Date(),
    });
  }
  for (const i of [0, 7, 30, 51, 68, 90, 110, N - 1]) {
    hostileUsers.push(await env.login(`${i}${XSS_PAYLOADS[i]}`));
  }
});
test.afterAll(async () => {
  await env?.close();
});

// ── watching a page ──────────────────────────────────────────────────────────────────────────

interface Verdict {
  path: string;
  dialogs: string[];
  flag: unknown;
  scriptViolations: string[];
  dangers: string[];
}

async function hostileContext(browser: Browser, as: TestUser | null): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: env.app.url });
  if (as) await context.addCookies([{ name: 'itinerary-token', value: as.token, url: env.app.url }]);
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sample}`),
    );
  });
  return context;
}

/** Runs in the page: whatever in the DOM could still run a script later. */
function findDangers(): string[] {
  const problems: string[] = [];
  const urlAttributes = [
    'href',
    'src',
    'action',
    'formaction',
    'xlink:href',
    'data',
    'background',
    'poster',
    'codebase',
    'cite',
    'ping',
    'values',
    'to',
    'from',
  ];
  const executableUrl = (value: string) => {
    // eslint-disable-next-line no-control-regex -- browsers drop control characters in a URL's scheme; so must the check
    const clean = value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
    return (
      /^(javascript|vbscript):/.test(clean) || (clean.startsWith('data:') && !/^data:image\/(png|gif|jpe?g|webp)[;,]/.test(clean))
    );
  };
  for (const element of Array.from(document.querySelectorAll('*'))) {
    const tag = element.tagName.toLowerCase();
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith('on')) problems.push(`<${tag} ${name}>`);
      if (name === 'srcdoc') problems.push(`<${tag} srcdoc>`);
      if (urlAttributes.includes(name) && executableUrl(attribute.value))
        problems.push(`<${tag} ${name}="${attribute.value.slice(0, 60)}">`);
    }
    if (
      tag === 'script' &&
      element.getAttribute('type') !== 'application/ld+json' &&
      /__xss/.test(`${element.textContent} ${element.getAttribute('src')}`)
    ) {
      problems.push('<script> with payload');
    }
    if (['object', 'embed', 'frame', 'frameset', 'applet'].includes(tag)) problems.push(`<${tag}>`);
    if (tag === 'iframe' && !(element.getAttribute('src') ?? '').startsWith('https://scratch.mit.edu/'))
      problems.push('<iframe> not from Scratch');
    if ((tag === 'base' || (tag === 'meta' && element.hasAttribute('http-equiv'))) && element.closest('body'))
      problems.push(`<${tag}> in body`);
  }
  if (document.getElementsByTagName('parsererror').length > 0) problems.push('the document did not parse');
  return problems;
}

async function inspect(page: Page, path: string, dialogs: string[], settle?: (page: Page) => Promise<void>): Promise<Verdict> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(500);
  // Islands that hydrate on load must have done so: their code ran with the hostile props.
  await page.waitForFunction(() => !document.querySelector('astro-island[ssr][client="load"]'), null, { timeout: 15_000 });
  await settle?.(page);
  await page.waitForTimeout(50);
  const state = await page.evaluate(() => ({
    flag: (window as unknown as { __xss?: unknown }).__xss,
    violations: (window as unknown as { __violations?: string[] }).__violations ?? [],
  }));
  return {
    path,
    dialogs: dialogs.splice(0),
    flag: state.flag,
    scriptViolations: state.violations.filter((line) => line.startsWith('script-src')),
    dangers: await page.evaluate(findDangers),
  };
}

/** Visits every path with a few pages at once and expects nothing to have run anywhere. */
async function visitAll(
  browser: Browser,
  paths: string[],
  as: TestUser | null = viewer,
  prepare?: (page: Page) => Promise<void>,
  settle?: (page: Page) => Promise<void>,
): Promise<void> {
  const context = await hostileContext(browser, as);
  const queue = [...paths];
  const verdicts: Verdict[] = [];
  await Promise.all(
    Array.from({ length: Math.min(PARALLEL_PAGES, paths.length) }, async () => {
      const page = await context.newPage();
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
        verdicts.push(await inspect(page, path, dialogs, settle));
        await prepare?.(page);
      }
    }),
  );
  await context.close();
  const broken = verdicts.filter(
    (v) => v.dialogs.length || v.flag !== undefined || v.scriptViolations.length || v.dangers.length,
  );
  expect(broken, JSON.stringify(broken.slice(0, 5), null, 1)).toEqual([]);
  expect(verdicts).toHaveLength(paths.length);
}

// ── the pages ────────────────────────────────────────────────────────────────────────────────

test(`the ${N} payloads are at least 100 and all distinct`, () => {
  expect(N).toBeGreaterThanOrEqual(100);
  expect(new Set(XSS_PAYLOADS).size).toBe(N);
});

test('jam pages show hostile names, descriptions, bodies, images, entries, authors and winners without running any of it', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  await visitAll(
    browser,
    XSS_PAYLOADS.map((_, i) => `/jams/xss-${i}`),
  );
});

test('the home page shows every hostile jam as a featured card without running it', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await hostileContext(browser, null);
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  for (let start = 0; start < N; start += 12) {
    await env.db.update(jams).set({ featured: false }).where(eq(jams.featured, true));
    const slugs = XSS_PAYLOADS.slice(start, start + 12).map((_, offset) => `xss-${start + offset}`);
    await env.db.update(jams).set({ featured: true }).where(inArray(jams.slug, slugs));
    const verdict = await inspect(page, '/', dialogs);
    expect(verdict, `featured jams ${start}…`).toEqual({
      path: '/',
      dialogs: [],
      flag: undefined,
      scriptViolations: [],
      dangers: [],
    });
    await expect(page.locator('main a[href^="/jams/xss-"]').first()).toBeVisible();
  }
  await context.close();
});

test('explore lists every hostile jam, page by page, without running it', async ({ browser }) => {
  test.setTimeout(120_000);
  const pages = Math.ceil((N + 1) / 20) + 1;
  await visitAll(
    browser,
    Array.from({ length: pages }, (_, n) => `/explore?perPage=20&page=${n + 1}`),
    null,
  );
});

/** Scrolls to an entry's notes, whose island wakes when seen, and waits for them to be listed. */
async function showNotes(page: Page): Promise<void> {
  await page.locator('#notes').scrollIntoViewIfNeeded();
  await page.locator('#notes [data-note]').first().waitFor();
}

test('entry pages list hostile notes (hidden ones too, for their manager) and their writers without running any of it', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  await visitAll(browser, notedEntries, viewer, undefined, showNotes);
  // A visitor sees the shown notes only; the writer sees theirs with its buttons.
  await visitAll(browser, notedEntries.slice(0, 20), null, undefined, showNotes);
  await visitAll(browser, [notedEntries[0]!, notedEntries[7]!], hostileUsers[0]!, undefined, showNotes);
});

test('the dashboard shows hostile jam names and entry titles, and hostile users their own name, without running it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  await visitAll(browser, ['/dashboard', '/hu/dashboard']);
  for (const user of hostileUsers) await visitAll(browser, ['/dashboard', '/'], user);
});

test('the jam requests queue shows hostile requests, notes and reasons, and their review, without running it', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const pages = Math.ceil(N / 50);
  await visitAll(browser, [
    ...Array.from({ length: pages }, (_, n) => `/dashboard/jam-requests?status=all&perPage=50&page=${n + 1}`),
    '/hu/dashboard/jam-requests?status=declined&perPage=50',
  ]);
  // The review modal puts every field in the jam form and the note above it.
  const context = await hostileContext(browser, viewer);
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  for (const pageNumber of [1, 2, 3, 4]) {
    await inspect(page, `/dashboard/jam-requests?perPage=10&page=${pageNumber}`, dialogs);
    const reviews = page.getByRole('button', { name: /^Review / });
    const count = await reviews.count();
    expect(count).toBeGreaterThan(0);
    for (let n = 0; n < count; n++) {
      await reviews.nth(n).click();
      const review = page.getByRole('dialog');
      await expect(review.getByRole('button', { name: 'Approve and create the jam' })).toBeVisible();
      await page.waitForTimeout(30);
      expect({
        flag: await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss),
        dangers: await page.evaluate(findDangers),
        dialogs,
      }).toEqual({ flag: undefined, dangers: [], dialogs: [] });
      await review.getByRole('button', { name: 'Cancel' }).click();
    }
  }
  const violations = await page.evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? []);
  expect(violations.filter((line) => line.startsWith('script-src'))).toEqual([]);
  await context.close();
});

test('the inbox shows hostile jam names, entry titles, usernames and reasons without running any of it', async ({ browser }) => {
  test.setTimeout(180_000);
  const pages = Math.ceil((4 * N) / 20);
  await visitAll(browser, [
    ...Array.from({ length: pages }, (_, index) => `/notifications?page=${index + 1}`),
    '/hu/notifications?page=2',
    '/ir/notifications?page=3',
  ]);
});

test('the users table shows every hostile username without running it', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await hostileContext(browser, viewer);
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await inspect(page, '/dashboard/users', dialogs);
  await page.getByLabel('Rows per page').selectOption({ label: 'All' });
  await expect(page.getByRole('cell', { name: `${N - 1}${XSS_PAYLOADS[N - 1]}`, exact: true })).toBeVisible();
  await page.waitForTimeout(200);
  const state = await page.evaluate(() => ({
    flag: (window as unknown as { __xss?: unknown }).__xss,
    violations: ((window as unknown as { __violations?: string[] }).__violations ?? []).filter((line) =>
      line.startsWith('script-src'),
    ),
  }));
  expect({ ...state, dialogs, dangers: await page.evaluate(findDangers) }).toEqual({
    flag: undefined,
    violations: [],
    dialogs: [],
    dangers: [],
  });
  await context.close();
});

test('addresses that echo what they were given (search, banned page, confirmation, login error, unknown jam) run none of it', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const reflect = [
    (p: string) => `/explore?q=${encodeURIComponent(p)}`,
    (p: string) => `/banned/${encodeURIComponent(p)}`,
    (p: string) => `/confirm-login?token=${encodeURIComponent(p)}`,
    (p: string) => `/login?error=${encodeURIComponent(p)}`,
    (p: string) => `/jams/${encodeURIComponent(p)}`,
  ];
  await visitAll(
    browser,
    XSS_PAYLOADS.map((payload, i) => reflect[i % reflect.length]!(payload)),
    null,
  );
});

test('feeds and the sitemap carry hostile names as text, and the calendars are never served as a page', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  await visitAll(browser, ['/rss.xml', '/hu/rss.xml', '/feed.json', '/sitemap.xml'], null);
  for (const path of ['/calendar.ics', '/jams/xss-0.ics', '/jams/xss-13.ics']) {
    const response = await request.get(`${env.app.url}${path}`);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-type'], path).toMatch(/^text\/calendar/);
    expect(response.headers()['x-content-type-options'], path).toBe('nosniff');
  }
});

test('the markdown preview sends back only sanitized HTML for every payload', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  for (const payload of XSS_PAYLOADS) {
    const reply = await env.request<{ html: string }>('/api/markdown-preview', {
      method: 'POST',
      as: viewer,
      body: { markdown: payload },
    });
    expect(reply.status).toBe(200);
    // No CSP here: the sanitizer alone must make it harmless, as the jam form's preview relies on.
    await page.setContent(`<!doctype html><div class="markdown">${reply.body.html}</div>`);
    await page.waitForTimeout(20);
    expect({
      payload,
      flag: await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss),
      dangers: await page.evaluate(findDangers),
    }).toEqual({
      payload,
      flag: undefined,
      dangers: [],
    });
  }
  expect(dialogs).toEqual([]);
  await context.close();
});

test('project titles that come from the Scratch API are stored and shown as text', async ({ browser }) => {
  test.setTimeout(120_000);
  const submitter = await env.login('pixel_pioneer');
  const picks = [0, 20, 44, 64, 100];
  for (const [n, i] of picks.entries()) {
    const id = 520_000_000 + n;
    const fixture = await fetch(`${env.fakes.scratchApi.url}/__fixtures`, {
      method: 'POST',
      body: JSON.stringify({ projects: [{ id, title: XSS_PAYLOADS[i], author: 'pixel_pioneer', shared: true }] }),
    });
    expect(fixture.status).toBe(201);
    const slug = `xss-${i - (i % 3)}`; // an ongoing jam
    const reply = await env.request(`/api/jams/${slug}/entries`, {
      method: 'POST',
      as: submitter,
      body: { url: `https://scratch.mit.edu/projects/${id}` },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body.title).toBe(XSS_PAYLOADS[i]);
  }
  await visitAll(
    browser,
    picks.map((i) => `/jams/xss-${i - (i % 3)}`),
  );
  await visitAll(browser, ['/dashboard'], submitter);
});

test('a profile lists hostile jam names and entry titles, and the entry search shows hostile searches, without running any of it', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  // The viewer entered and manages every hostile jam: their profile lists them all, page by page.
  const profilePages = Array.from({ length: Math.ceil(N / 20) }, (_, n) => `/users/xss_viewer?page=${n + 1}`);
  // Every payload as the search of a jam's entries (the form's value, the summary, the links that keep it).
  const searches = XSS_PAYLOADS.map((payload, i) => `/jams/xss-${i}?q=${encodeURIComponent(payload)}`);
  await visitAll(browser, [...profilePages, '/hu/users/xss_viewer', ...searches], null);
  // A hostile name in a profile's address is never a page of its own.
  for (const user of hostileUsers.slice(0, 3)) {
    const reply = await env.request(`/users/${encodeURIComponent(user.name)}`);
    expect(reply.status).toBe(404);
  }
});
