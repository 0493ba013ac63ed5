/**
 * Hostile text in Chromium: every payload of tests/security/xss-payloads.ts goes into every
 * user-controlled text — jam name, description, body, image address, usernames, notes, reports, jam
 * requests (their fields, note and decline reason), and project titles, authors and thumbnails as the
 * Scratch API hands them over — and is rendered on every page that shows it. Nothing may run: no
 * dialog, no `window.__xss`, no script the CSP had to block, and nothing in the DOM that could run
 * later (handlers, javascript: addresses, frames).
 *
 * Payloads are packed so a page view checks many of them: each payload has a jam, an entry and a
 * request of its own (the lists, cards, inbox and queues show dozens on a page), and a "pack" of
 * eight payloads shares one jam page and one entry page, its texts joined in every text field (the
 * name, description and body of the jam, the entry's title and author, its notes), one row per
 * payload wherever the field is an address (images, thumbnails). Searches and addresses that echo
 * their input carry as many payloads as their length limit allows.
 *
 * The spec starts its own server, database and fakes (tests/helpers/environment.ts) in each worker
 * that runs its tests, so it can plant data the API would refuse, as if validation had failed.
 */
import { type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { eq, inArray } from 'drizzle-orm';
import { entries, jamManagers, jamRequests, jams, notes, notifications, reports, users, votes } from '#db/schema';
import { ENTRY_SEARCH_MAX_LENGTH } from '#lib/schemas/entries';
import { type Environment, type TestUser, startEnvironment } from '../helpers/environment';
import { timing } from '../helpers/factories';
import { XSS_PAYLOADS } from '../security/xss-payloads';

// Each worker that runs some of these tests plants the payloads in its own environment (beforeAll).
test.describe.configure({ mode: 'parallel' });

const N = XSS_PAYLOADS.length;
const PARALLEL_PAGES = 4;
const STATUSES = ['ongoing', 'ended', 'upcoming'] as const;
/** Payloads per pack: a pack's notes (one each, and one hidden) fit the first page of notes. */
const PACK_SIZE = 8;
const PACKS = Array.from({ length: Math.ceil(N / PACK_SIZE) }, (_, n) => XSS_PAYLOADS.slice(n * PACK_SIZE, (n + 1) * PACK_SIZE));
/** The explore search's longest query (src/lib/schemas/jams.ts); the entry search's is ENTRY_SEARCH_MAX_LENGTH. */
const EXPLORE_SEARCH_MAX_LENGTH = 100;

/** Payloads joined into as few texts of at most `max` characters as they fit (a longer one alone, as it is). */
function packedTexts(payloads: readonly string[], max: number): string[] {
  const texts: string[] = [];
  for (const payload of payloads) {
    const last = texts.at(-1);
    if (last !== undefined && last.length + 1 + payload.length <= max) texts[texts.length - 1] = `${last} ${payload}`;
    else texts.push(payload);
  }
  return texts;
}

let env: Environment;
let viewer: TestUser;
const hostileUsers: TestUser[] = [];
/** Each pack's entry page with the pack's payloads as notes (one hidden) by their hostile authors. */
const notedEntries: string[] = [];
/** The packs' jam pages, and two upcoming jams (one a mystery) with every payload in their texts. */
const packedJams: string[] = [];

test.beforeAll(async () => {
  test.setTimeout(180_000);
  env = await startEnvironment({ ITINERARY_PAGE_CACHE: 'off' });
  viewer = await env.login('xss_viewer', { isAdmin: true });
  // A prefix keeps the names unique (case-insensitively, as Itinerary compares them).
  const authors = await env.db
    .insert(users)
    .values(XSS_PAYLOADS.map((payload, i) => ({ name: `${i}${payload}`, avatarUrl: payload })))
    .returning();
  const authorOf = (payload: string) => authors[XSS_PAYLOADS.indexOf(payload)]!;

  // One jam, entry and request per payload: what lists, cards, the inbox and the queues show.
  const ownJams = await env.db
    .insert(jams)
    .values(
      XSS_PAYLOADS.map((payload, i) => ({
        slug: `xss-${i}`,
        name: payload,
        description: payload,
        body: payload,
        imageUrl: payload,
        mystery: STATUSES[i % 3] === 'upcoming',
        ...timing(STATUSES[i % 3]!),
      })),
    )
    .returning();
  await env.db.insert(jamManagers).values(
    ownJams.flatMap((jam, i) => [
      { jamId: jam.id, userId: viewer.id },
      { jamId: jam.id, userId: authors[i]!.id },
    ]),
  );
  const entryOf = (i: number) => ({
    jamId: ownJams[i]!.id,
    title: XSS_PAYLOADS[i]!,
    authorName: XSS_PAYLOADS[i]!,
    thumbnailUrl: XSS_PAYLOADS[i]!,
  });
  await env.db.insert(entries).values(
    XSS_PAYLOADS.map((_, i) => ({
      ...entryOf(i),
      submitterId: authors[i]!.id,
      scratchId: 500_000_000 + i,
      isWinner: STATUSES[i % 3] === 'ended',
    })),
  );
  const mine = await env.db
    .insert(entries)
    .values(XSS_PAYLOADS.map((_, i) => ({ ...entryOf(i), submitterId: viewer.id, scratchId: 510_000_000 + i })))
    .returning();
  // One vote each, so the community's choice (the winners card's second entry) is shown too.
  await env.db.insert(votes).values(mine.map((entry, i) => ({ entryId: entry.id, voterId: authors[i]!.id, jamId: entry.jamId })));
  // A jam request of each author with the payload everywhere: pending, approved (its jam) or declined.
  await env.db.insert(jamRequests).values(
    XSS_PAYLOADS.map((payload, i) => {
      const status = (['pending', 'approved', 'declined'] as const)[i % 3]!;
      return {
        requesterId: authors[i]!.id,
        name: payload,
        description: payload,
        body: payload,
        imageUrl: payload,
        note: payload,
        ...timing('upcoming'),
        status,
        declineReason: status === 'declined' ? payload : null,
        jamId: status === 'approved' ? ownJams[i]!.id : null,
        reviewedBy: status === 'pending' ? null : viewer.id,
        reviewedAt: status === 'pending' ? null : new Date(),
      };
    }),
  );

  // The packs: a jam page and an entry page each, with a pack's payloads joined in every text.
  const all: { slug: string; pack: readonly string[]; status: (typeof STATUSES)[number]; mystery: boolean }[] = PACKS.map(
    (pack, n) => ({ slug: `xss-pack-${n}`, pack, status: STATUSES[n % 2]!, mystery: false }),
  );
  all.push({ slug: 'xss-pack-upcoming', pack: XSS_PAYLOADS, status: 'upcoming', mystery: false });
  all.push({ slug: 'xss-pack-mystery', pack: XSS_PAYLOADS, status: 'upcoming', mystery: true });
  for (const [n, { slug, pack, status, mystery }] of all.entries()) {
    const joined = pack.join(' ');
    const [jam] = await env.db
      .insert(jams)
      .values({ slug, name: joined, description: joined, body: pack.join('\n\n'), imageUrl: pack[0], mystery, ...timing(status) })
      .returning();
    packedJams.push(`/jams/${slug}`);
    await env.db.insert(jamManagers).values([
      { jamId: jam!.id, userId: viewer.id },
      { jamId: jam!.id, userId: authorOf(pack[0]!).id },
    ]);
    if (pack === XSS_PAYLOADS) continue;
    // Each payload's own entry card, and the pack's entry (joined title and author) with its notes.
    await env.db.insert(entries).values(
      pack.map((payload, k) => ({
        jamId: jam!.id,
        title: payload,
        authorName: payload,
        thumbnailUrl: payload,
        submitterId: authorOf(payload).id,
        scratchId: 520_000_000 + n * PACK_SIZE + k,
        isWinner: status === 'ended' && k === 0,
      })),
    );
    const [noted] = await env.db
      .insert(entries)
      .values({
        jamId: jam!.id,
        title: joined,
        authorName: joined,
        thumbnailUrl: pack[1] ?? pack[0],
        submitterId: viewer.id,
        scratchId: 530_000_000 + n,
      })
      .returning();
    notedEntries.push(`/jams/${slug}/entries/${noted!.id}`);
    await env.db.insert(votes).values({ entryId: noted!.id, voterId: authorOf(pack[0]!).id, jamId: jam!.id });
    // Each payload as a note by its author (kept as if the filter had failed), and the pack as a hidden one.
    const written = await env.db
      .insert(notes)
      .values([
        ...pack.map((payload) => ({ entryId: noted!.id, jamId: jam!.id, authorId: authorOf(payload).id, text: payload })),
        {
          entryId: noted!.id,
          jamId: jam!.id,
          authorId: authorOf(pack[0]!).id,
          text: joined,
          hiddenAt: new Date(),
          hiddenBy: viewer.id,
        },
      ])
      .returning();
    // Each note reported by its writer, the payload as the report's details.
    await env.db.insert(reports).values(
      pack.map((payload, k) => ({
        reporterId: authorOf(payload).id,
        jamId: jam!.id,
        entryId: noted!.id,
        noteId: written[k]!.id,
        reason: 'other' as const,
        text: payload,
      })),
    );
    // The viewer's inbox: kudos from the pack's authors, a report naming the entry and jam, a removed
    // entry and a declined request, each with the pack's texts.
    await env.db.insert(notifications).values([
      ...pack.map((payload) => ({
        userId: viewer.id,
        kind: 'kudos' as const,
        key: `kudos:${noted!.id}:${authorOf(payload).id}`,
        groupKey: `kudos:${noted!.id}`,
        entryId: noted!.id,
        jamId: jam!.id,
        actorId: authorOf(payload).id,
      })),
      {
        userId: viewer.id,
        kind: 'report' as const,
        key: `report:x${n}`,
        entryId: noted!.id,
        jamId: jam!.id,
        data: { item: 'entry' },
      },
      {
        userId: viewer.id,
        kind: 'entry-removed' as const,
        key: `removed:x${n}`,
        jamId: jam!.id,
        data: { title: joined, reported: true },
      },
      { userId: viewer.id, kind: 'request-declined' as const, key: `request:x${n}`, data: { name: joined, reason: joined } },
    ]);
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
  test.setTimeout(120_000);
  await visitAll(browser, packedJams);
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
  // Every jam, and the page after the last.
  const pages = Math.ceil((N + packedJams.length) / 20) + 1;
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
  test.setTimeout(120_000);
  await visitAll(browser, notedEntries, viewer, undefined, showNotes);
  // A visitor sees the shown notes only (a pack of each status is enough: only the buttons differ);
  // the writer sees theirs with its buttons (the first pack's first).
  await visitAll(browser, notedEntries.slice(0, 4), null, undefined, showNotes);
  await visitAll(browser, [notedEntries[0]!, notedEntries[1]!], hostileUsers[0]!, undefined, showNotes);
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
  // Each pack: its kudos (one item), a report, a removed entry and a declined request.
  const pages = Math.ceil((4 * PACKS.length) / 20);
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
  test.setTimeout(120_000);
  // Every payload through each address that takes any length, a few hundred characters at a time…
  const long = packedTexts(XSS_PAYLOADS, 1_000);
  const echoing = long.flatMap((text) => [
    `/banned/${encodeURIComponent(text)}`,
    `/confirm-login?token=${encodeURIComponent(text)}`,
    `/login?error=${encodeURIComponent(text)}`,
    `/jams/${encodeURIComponent(text)}`,
  ]);
  // …and half of them through the explore search, as many as fit its limit (the other half: the entry search below).
  const searches = packedTexts(
    XSS_PAYLOADS.filter((_, i) => i % 2 === 0),
    EXPLORE_SEARCH_MAX_LENGTH,
  ).map((text) => `/explore?q=${encodeURIComponent(text)}`);
  await visitAll(browser, [...echoing, ...searches], null);
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
  const previews = await Promise.all(
    XSS_PAYLOADS.map(async (payload) => {
      const reply = await env.request<{ html: string }>('/api/markdown-preview', {
        method: 'POST',
        as: viewer,
        body: { markdown: payload },
      });
      expect(reply.status).toBe(200);
      return reply.body.html;
    }),
  );
  // Each payload's preview in a document of its own (sixteen at a time): no CSP here, so the sanitizer
  // alone must make it harmless, as the jam form's preview relies on.
  const context = await browser.newContext();
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  for (let start = 0; start < N; start += 16) {
    const frames = previews
      .slice(start, start + 16)
      .map((html) => `<iframe srcdoc="${html.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}"></iframe>`);
    await page.setContent(`<!doctype html>${frames.join('')}`);
    await page.waitForTimeout(50);
    for (const [offset, frame] of page.frames().slice(1).entries()) {
      expect({
        payload: XSS_PAYLOADS[start + offset],
        flag: await frame.evaluate(() => (window as unknown as { __xss?: unknown }).__xss),
        dangers: await frame.evaluate(findDangers),
      }).toEqual({ payload: XSS_PAYLOADS[start + offset], flag: undefined, dangers: [] });
    }
    expect(page.frames()).toHaveLength(Math.min(16, N - start) + 1);
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
  const profilePages = Array.from({ length: Math.ceil((N + PACKS.length) / 20) }, (_, n) => `/users/xss_viewer?page=${n + 1}`);
  // Half the payloads as the search of a jam's entries (the form's value, the summary, the links that
  // keep it), as many at a time as fit its limit; the other half went through the explore search.
  const searches = packedTexts(
    XSS_PAYLOADS.filter((_, i) => i % 2 === 1),
    ENTRY_SEARCH_MAX_LENGTH,
  ).map((text, n) => `/jams/xss-pack-${n % PACKS.length}?q=${encodeURIComponent(text)}`);
  await visitAll(browser, [...profilePages, '/hu/users/xss_viewer', ...searches], null);
  // A hostile name in a profile's address is never a page of its own.
  for (const user of hostileUsers.slice(0, 3)) {
    const reply = await env.request(`/users/${encodeURIComponent(user.name)}`);
    expect(reply.status).toBe(404);
  }
});
