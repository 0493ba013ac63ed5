import { and, eq } from 'drizzle-orm';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Avatar from '#components/ui/Avatar.tsx';
import Picture from '#components/ui/Picture.tsx';
import { auditLog, entries, jamSlugRedirects } from '#db/schema';
import { avatarPath } from '#lib/avatars';
import { type Environment, type TestUser, startEnvironment } from '../helpers/environment';
import { insertEntry, insertJam, insertManager, insertNote, insertVote } from '../helpers/factories';

let env: Environment;
let pixel: TestUser, sprite: TestUser, manager: TestUser, stranger: TestUser, voters: TestUser[];

beforeAll(async () => {
  env = await startEnvironment({ ITINERARY_PAGE_CACHE_TTL: '600' });
  pixel = await env.login('pixel_pioneer');
  sprite = await env.login('sprite_smith');
  manager = await env.login('entry_page_manager');
  stranger = await env.login('entry_page_stranger');
  voters = await Promise.all([1, 2, 3].map((n) => env.login(`entry_page_voter_${n}`)));
});
afterAll(() => env?.close());

const page = (path: string) => env.request(path);
/** The page's <main>, so a failure prints the part that matters. */
const mainOf = (html: unknown) => {
  const text = String(html);
  return text.slice(text.indexOf('<main'), text.indexOf('</main>')).replace(/ data-astro-cid-\w+/g, '');
};
/** The page's <head> (link previews, canonical, alternates). */
const headOf = (html: unknown) => {
  const text = String(html);
  return text.slice(0, text.indexOf('</head>')).replace(/<style>[\s\S]*?<\/style>|<script[\s\S]*?<\/script>/g, '');
};
const refresh = (slug: string, id: number, as: TestUser | null) =>
  env.request(`/api/jams/${slug}/entries/${id}/refresh`, { method: 'POST', as });

describe('an entry page', () => {
  it('shows the project from Scratch: player, title, author, instructions and notes with safe links, in every locale', async () => {
    const jam = await insertJam(env.db);
    const submitted = await env.request(`/api/jams/${jam.slug}/entries`, {
      method: 'POST',
      body: { url: 'https://scratch.mit.edu/projects/900000101' },
      as: sprite,
    });
    expect(submitted.status).toBe(201);
    const [row] = await env.db.select().from(entries).where(eq(entries.jamId, jam.id));
    expect(row).toMatchObject({
      instructions: 'Arrow keys to steer, space to boost.\nReach the moon!',
      notes: 'Music by https://example.com/orbit-music\nThanks to loop_legend for testing.',
    });
    for (const prefix of ['', '/hu', '/ir']) {
      const reply = await page(`${prefix}/jams/${jam.slug}/entries/${row!.id}`);
      expect(reply.status).toBe(200);
      const html = mainOf(reply.body);
      const head = headOf(reply.body);
      expect(html).toContain('src="https://scratch.mit.edu/projects/900000101/embed"');
      expect(html).toContain('Orbit Runner');
      expect(html).toContain('sprite_smith');
      expect(html).toContain('Arrow keys to steer, space to boost.<br>Reach the moon!');
      // Only Scratch's own pages are links (issue 41 §1): the credit's address stays text.
      expect(html).toContain('Music by https://example.com/orbit-music');
      expect(html).not.toContain('href="https://example.com/orbit-music"');
      expect(html).toContain('href="https://scratch.mit.edu/projects/900000101"');
      expect(head).toContain(
        '<meta property="og:image" content="https://cdn2.scratch.mit.edu/get_image/project/900000101_480x360.png"',
      );
      expect(head).toMatch(new RegExp(`<link rel="canonical" href="[^"]*${prefix}/jams/${jam.slug}/entries/${row!.id}"`));
      expect(head).toContain('hreflang="hu"');
    }
  });

  it("never turns HTML or javascript: addresses in a project's text into markup", async () => {
    const jam = await insertJam(env.db);
    const entry = await insertEntry(env.db, jam.id, pixel.id, 880_000_001, {
      instructions: '<script>alert(1)</script> javascript:alert(1) <img src=x onerror=alert(1)>',
    });
    const html = mainOf((await page(`/jams/${jam.slug}/entries/${entry.id}`)).body);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; javascript:alert(1) &lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('href="javascript:');
  });

  it('keeps votes and rank private while the jam runs and shows them, with the ribbons, once it has ended', async () => {
    const running = await insertJam(env.db, { status: 'ongoing' });
    const runningEntry = await insertEntry(env.db, running.id, pixel.id, 880_000_002);
    await insertVote(env.db, running.id, runningEntry.id, voters[0]!.id);
    const during = mainOf((await page(`/jams/${running.slug}/entries/${runningEntry.id}`)).body);
    expect(during).not.toContain('entry-votes');
    expect(during).not.toContain('entry-rank');

    const ended = await insertJam(env.db, { status: 'ended' });
    const first = await insertEntry(env.db, ended.id, pixel.id, 880_000_003, { isWinner: true });
    const second = await insertEntry(env.db, ended.id, sprite.id, 880_000_004);
    for (const voter of voters) await insertVote(env.db, ended.id, second.id, voter.id);
    const secondHtml = mainOf((await page(`/jams/${ended.slug}/entries/${second.id}`)).body);
    expect(secondHtml).toContain('#1 ');
    expect(secondHtml).toContain('3 votes');
    expect(secondHtml).toContain('selected by the community');
    const firstHtml = mainOf((await page(`/jams/${ended.slug}/entries/${first.id}`)).body);
    expect(firstHtml).toContain('#2 ');
    expect(firstHtml).toContain('0 votes');
    expect(firstHtml).toContain('winner');
  });

  it('links the previous and next entries in submission order', async () => {
    const jam = await insertJam(env.db);
    const a = await insertEntry(env.db, jam.id, pixel.id, 880_000_005, { submittedAt: new Date(Date.now() - 3000) });
    const b = await insertEntry(env.db, jam.id, sprite.id, 880_000_006, { submittedAt: new Date(Date.now() - 2000) });
    const c = await insertEntry(env.db, jam.id, stranger.id, 880_000_007, { submittedAt: new Date(Date.now() - 1000) });
    const html = mainOf((await page(`/hu/jams/${jam.slug}/entries/${b.id}`)).body);
    expect(html).toContain(`href="/hu/jams/${jam.slug}/entries/${a.id}" rel="prev"`);
    expect(html).toContain(`href="/hu/jams/${jam.slug}/entries/${c.id}" rel="next"`);
    const jamPage = mainOf((await page(`/jams/${jam.slug}`)).body);
    expect(jamPage).toContain(`href="/jams/${jam.slug}/entries/${a.id}"`);
  });

  it("is 404 for an unknown entry, an entry of another jam or a removed one, and moves to the jam's new slug", async () => {
    const jam = await insertJam(env.db);
    const other = await insertJam(env.db);
    const entry = await insertEntry(env.db, jam.id, pixel.id, 880_000_008);
    expect((await page(`/jams/${jam.slug}/entries/999999999`)).status).toBe(404);
    expect((await page(`/jams/${other.slug}/entries/${entry.id}`)).status).toBe(404);
    expect((await page(`/jams/${jam.slug}/entries/abc`)).status).toBe(404);
    await env.db.insert(jamSlugRedirects).values({ slug: `${jam.slug}-old`, jamId: jam.id });
    const moved = await page(`/ir/jams/${jam.slug}-old/entries/${entry.id}`);
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe(`/ir/jams/${jam.slug}/entries/${entry.id}`);

    expect((await page(`/jams/${jam.slug}/entries/${entry.id}`)).status).toBe(200);
    const removed = await env.request(`/api/jams/${jam.slug}/entries/${entry.id}`, { method: 'DELETE', as: pixel });
    expect(removed.status).toBe(204);
    expect((await page(`/jams/${jam.slug}/entries/${entry.id}`)).status).toBe(404);
  });

  it('is cached, kept through votes while the jam runs, and dropped at once when the entry is refreshed', async () => {
    const jam = await insertJam(env.db, { status: 'ongoing' });
    await insertManager(env.db, jam.id, manager.id);
    const entry = await insertEntry(env.db, jam.id, sprite.id, 900_000_101, { title: 'Old title' });
    const path = `/jams/${jam.slug}/entries/${entry.id}`;
    expect((await page(path)).headers.get('x-page-cache')).toBe('miss');
    expect((await page(path)).headers.get('x-page-cache')).toBe('hit');
    const vote = await env.request(`/api/jams/${jam.slug}/entries/${entry.id}/vote`, { method: 'PUT', as: voters[0]! });
    expect(vote.status).toBe(200);
    expect((await page(path)).headers.get('x-page-cache')).toBe('hit');
    const reply = await refresh(jam.slug, entry.id, manager);
    expect(reply.status).toBe(200);
    const after = await page(path);
    expect(after.headers.get('x-page-cache')).toBe('miss');
    expect(mainOf(after.body)).toContain('Orbit Runner');
  });

  it('lists every entry page in the sitemap', async () => {
    const jam = await insertJam(env.db);
    const entry = await insertEntry(env.db, jam.id, pixel.id, 880_000_009);
    const sitemap = String((await env.request('/sitemap.xml')).body);
    expect(sitemap).toContain(`/jams/${jam.slug}/entries/${entry.id}</loc>`);
    expect(sitemap).toContain(`/hu/jams/${jam.slug}/entries/${entry.id}</loc>`);
  });
});

describe("an entry page's viewer document", () => {
  it('holds what GET …/kudos, …/notes and …/credits answer the reader, with the session user, votes and unread count', async () => {
    const jam = await insertJam(env.db);
    const entry = await insertEntry(env.db, jam.id, sprite.id, 940_001);
    await insertManager(env.db, jam.id, manager.id);
    await insertNote(env.db, entry, pixel.id, 'Great jumps!');
    await insertNote(env.db, entry, stranger.id, 'A hidden one.', { hiddenAt: new Date(), hiddenBy: manager.id });
    for (const as of [pixel, sprite, manager, null]) {
      const viewer = await env.request(`/api/jams/${jam.slug}/viewer?entry=${entry.id}`, { as });
      expect(viewer.status).toBe(200);
      const base = `/api/jams/${jam.slug}/entries/${entry.id}`;
      const [kudos, notes, credits] = await Promise.all(
        ['kudos', 'notes', 'credits'].map(async (part) => (await env.request(`${base}/${part}`, { as })).body),
      );
      // The judges' private feedback: what GET …/judge-feedback answers its readers, null for anyone else (403 there).
      const feedback = as ? await env.request(`${base}/judge-feedback`, { as }) : null;
      const judgeFeedback = feedback?.status === 200 ? feedback.body : null;
      expect(viewer.body.viewedEntry).toEqual({ id: entry.id, kudos, notes, credits, judgeFeedback });
      if (as) {
        expect(viewer.body.user).toEqual((await env.request('/api/auth/me', { as })).body);
        expect(viewer.body.votes).toEqual((await env.request(`/api/jams/${jam.slug}/my-votes`, { as })).body);
        expect(viewer.body.unread).toBe((await env.request('/api/me/notifications/unread', { as })).body.count);
      } else {
        expect(viewer.body).toMatchObject({ user: null, votes: null, unread: null });
      }
    }
    // Without ?entry the document has no entry part.
    expect((await env.request(`/api/jams/${jam.slug}/viewer`, { as: pixel })).body.viewedEntry).toBeNull();
  });

  it('is 404 for an entry of another jam and 400 for an id that is not one', async () => {
    const jam = await insertJam(env.db);
    const other = await insertJam(env.db);
    const entry = await insertEntry(env.db, other.id, sprite.id, 940_002);
    const elsewhere = await env.request(`/api/jams/${jam.slug}/viewer?entry=${entry.id}`, { as: pixel });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.error.message).toBe('That entry is not part of this jam.');
    expect((await env.request(`/api/jams/${jam.slug}/viewer?entry=abc`, { as: pixel })).status).toBe(400);
    expect((await env.request(`/api/jams/no-such-jam-here/viewer?entry=${entry.id}`, { as: pixel })).status).toBe(404);
  });
});

describe('refreshing an entry from Scratch', () => {
  it('lets its submitter fetch the title, instructions and notes again, audited', async () => {
    const jam = await insertJam(env.db);
    const entry = await insertEntry(env.db, jam.id, sprite.id, 900_000_101, { title: 'Stale', instructions: 'old' });
    const reply = await refresh(jam.slug, entry.id, sprite);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      id: entry.id,
      title: 'Orbit Runner',
      instructions: 'Arrow keys to steer, space to boost.\nReach the moon!',
      notes: 'Music by https://example.com/orbit-music\nThanks to loop_legend for testing.',
      votes: null,
    });
    const audit = await env.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'entry.refresh'), eq(auditLog.jamId, jam.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorName: 'sprite_smith', targetUserId: sprite.id });
  });

  it('refuses anyone else with 403 and visitors with 401, and says so when the project is gone from Scratch', async () => {
    const jam = await insertJam(env.db);
    const entry = await insertEntry(env.db, jam.id, sprite.id, 900_000_101);
    const forbidden = await refresh(jam.slug, entry.id, stranger);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.message).toBe(
      'Only the people credited on an entry, managers of this jam and administrators can refresh an entry.',
    );
    expect((await refresh(jam.slug, entry.id, null)).status).toBe(401);
    const gone = await insertEntry(env.db, jam.id, pixel.id, 880_000_010);
    const missing = await refresh(jam.slug, gone.id, pixel);
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('That project could not be found on Scratch. Make sure it exists and is shared.');
  });

  it('is cut after 5 a minute per user with 429', async () => {
    const jam = await insertJam(env.db);
    const author = await env.login('entry_page_refresher');
    const entry = await insertEntry(env.db, jam.id, author.id, 900_000_101);
    const statuses: number[] = [];
    for (let n = 0; n < 6; n += 1) statuses.push((await refresh(jam.slug, entry.id, author)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

/**
 * `html` from `opening` to the end of the first `<img>` after it, in one spelling: React closes void
 * elements (`<img … />`) and writes an empty attribute as `alt=""`, Astro writes `<img …>` and a bare
 * `alt`, which HTML reads the same.
 */
function upToImage(html: string, opening: string): string {
  const start = html.indexOf(opening);
  expect(start, `${opening} in the page`).toBeGreaterThanOrEqual(0);
  const image = html.indexOf('<img', start);
  return html
    .slice(start, html.indexOf('>', image) + 1)
    .replace(/\s*\/>$/, '>')
    .replace(/ alt(?=[ >])/, ' alt=""');
}

describe('pictures and avatars in Astro files', () => {
  it('write the same markup as the React components the islands use', async () => {
    const jam = await insertJam(env.db, { status: 'ended', imageUrl: 'https://example.com/cover.png?size=big&by=me' });
    const entry = await insertEntry(env.db, jam.id, pixel.id, 880_000_020, { authorName: 'Ünicode_Maker' });

    const jamPage = String((await page(`/jams/${jam.slug}`)).body);
    const react = renderToStaticMarkup(
      createElement(Picture, {
        src: 'https://example.com/cover.png?size=big&by=me',
        seed: jam.slug,
        ratio: '16 / 9',
        width: 1280,
        height: 720,
        eager: true,
        className: 'jam-banner',
      }),
    );
    expect(upToImage(jamPage, '<div class="picture jam-banner"')).toBe(upToImage(react, '<div'));

    const entryPage = String((await page(`/jams/${jam.slug}/entries/${entry.id}`)).body);
    const avatar = renderToStaticMarkup(
      createElement(Avatar, { username: 'Ünicode_Maker', src: avatarPath('Ünicode_Maker'), size: '2.5rem' }),
    );
    expect(upToImage(entryPage, '<span class="avatar')).toBe(upToImage(avatar, '<span'));
  });
});
