/** A jam's statistics page and its host's colours (issue 57, ADR 049), through the built server. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plays } from '#db/schema';
import { type Environment, type TestUser, startEnvironment } from '../helpers/environment';
import { insertEntry, insertJam, insertManager, insertNote, insertVote, timing } from '../helpers/factories';

let env: Environment;
let maker: TestUser, voter: TestUser, admin: TestUser;

beforeAll(async () => {
  env = await startEnvironment();
  maker = await env.login('story_maker');
  voter = await env.login('story_voter');
  admin = await env.login('story_admin', { isAdmin: true });
});
afterAll(() => env?.close());

async function jamWithActivity(status: 'upcoming' | 'ongoing' | 'ended', extra: Parameters<typeof insertJam>[1] = {}) {
  const jam = await insertJam(env.db, { status, ...extra });
  if (status === 'upcoming') return jam;
  const at = new Date(jam.startsAt.getTime() + 3_600_000);
  const first = await insertEntry(env.db, jam.id, maker.id, 820_000_000 + jam.id * 10, { submittedAt: at });
  const second = await insertEntry(env.db, jam.id, voter.id, 820_000_001 + jam.id * 10, { submittedAt: at });
  await insertVote(env.db, jam.id, first.id, voter.id);
  await insertVote(env.db, jam.id, second.id, maker.id);
  await env.db.insert(plays).values([
    { entryId: first.id, playerId: voter.id, jamId: jam.id, playedAt: at },
    { entryId: second.id, playerId: maker.id, jamId: jam.id, playedAt: at },
  ]);
  await insertNote(env.db, first, voter.id, 'So much fun!', { createdAt: at });
  return jam;
}

const page = async (path: string) => {
  const reply = await env.request(path);
  return { status: reply.status, html: String(reply.body) };
};

describe('the statistics page /jams/{slug}/stats', () => {
  it('shows nothing of a mystery jam before its start, not even its sign-ups', async () => {
    const jam = await jamWithActivity('upcoming', { mystery: true });
    const { status, html } = await page(`/jams/${jam.slug}/stats`);
    expect(status).toBe(200);
    expect(html).toContain('data-stats-mystery');
    expect(html).not.toContain('<figure');
    expect(html).not.toContain('Sign-ups');
  });

  it('shows entries and notes while the jam runs, but no votes or plays (they tell the results)', async () => {
    const jam = await jamWithActivity('ongoing');
    const { html } = await page(`/jams/${jam.slug}/stats`);
    expect(html).toContain('data-stats-results-later');
    expect(html).toContain('id="chart-entries-title"');
    expect(html).toContain('id="chart-notes-title"');
    expect(html).toContain('id="chart-entries-per-day-title"');
    expect(html).not.toContain('id="chart-judged-title"');
    expect(html).not.toContain('id="chart-plays-title"');
    expect(html).not.toContain('id="chart-played-title"');
  });

  it('shows votes, plays and the share of entries played once the results are public, each chart with a table', async () => {
    const jam = await jamWithActivity('ended');
    const { html } = await page(`/jams/${jam.slug}/stats`);
    expect(html).not.toContain('data-stats-results-later');
    for (const chart of ['signups', 'entries', 'judged', 'plays', 'notes', 'entries-per-day', 'played']) {
      expect(html).toContain(`id="chart-${chart}-title"`);
    }
    expect(html.match(/<svg[^>]*aria-hidden="true"/g)?.length).toBeGreaterThanOrEqual(7);
    expect(html.match(/<table class="visually-hidden"/g)?.length).toBeGreaterThanOrEqual(7);
    expect(html).toMatch(/<dt[^>]*>Votes<\/dt>\s*<dd[^>]*>2<\/dd>/);
    // The share of entries played at least once: both of them.
    expect(html).toMatch(/<td[^>]*>2 \(100%\)<\/td>/);
  });

  it('holds back votes and plays of a jam whose results wait for a manager', async () => {
    const jam = await jamWithActivity('ended', { results: 'manual' });
    const { html } = await page(`/jams/${jam.slug}/stats`);
    expect(html).toContain('data-stats-results-later');
    expect(html).not.toContain('id="chart-plays-title"');
  });

  it('answers in every locale, 404 for a jam that does not exist, and is linked from the jam page', async () => {
    const jam = await jamWithActivity('ongoing');
    expect((await page(`/hu/jams/${jam.slug}/stats`)).html).toContain('számokban');
    expect((await page(`/ir/jams/${jam.slug}/stats`)).html).toContain('in uimhreacha');
    expect((await page('/jams/no-such-jam/stats')).status).toBe(404);
    expect((await page(`/jams/${jam.slug}`)).html).toContain(`href="/jams/${jam.slug}/stats"`);
  });
});

describe('places out of how many (issue 57)', () => {
  it('say "of N" on the entry page, the cards, the ranking and the profile once the results are public', async () => {
    const jam = await jamWithActivity('ended');
    const list = await env.request(`/api/jams/${jam.slug}/entries`);
    const first = list.body.entries.find((entry: { rank: number | null }) => entry.rank === 1);
    const entryPage = (await page(`/jams/${jam.slug}/entries/${first.id}`)).html;
    expect(entryPage).toMatch(/class="entry-place"[^>]*>1st of 2</);
    expect((await page(`/hu/jams/${jam.slug}/entries/${first.id}`)).html).toMatch(/class="entry-place"[^>]*>1\. \/ 2</);
    const jamPage = (await page(`/jams/${jam.slug}`)).html;
    expect(jamPage).toContain('of 2');
    const profile = await env.request('/api/user/story_maker/profile');
    const placed = profile.body.entries.items.find((item: { jam: { slug: string } }) => item.jam.slug === jam.slug);
    expect(placed).toMatchObject({ rankOf: 2 });
    expect((await page(`/users/story_maker`)).html).toMatch(/Place \d of 2/);
  });
});

const newJam = (change: Record<string, unknown>) => ({
  name: 'Colour Party',
  description: 'A jam in its own colours.',
  ...Object.fromEntries(Object.entries(timing('upcoming')).map(([k, v]) => [k, v.toISOString()])),
  ...change,
});

describe("a host's accent colour and banner", () => {
  it('refuses a colour that is hard to see in a scheme, naming the nearest that passes, and writes nothing', async () => {
    const reply = await env.request('/api/jams', { method: 'POST', body: newJam({ accentColor: '#ffff00' }), as: admin });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toMatchObject({ status: 400, code: 'invalid_input' });
    expect(reply.body.error.message).toBe(
      'accentColor: This colour is hard to see in the light colour scheme (contrast 1.01:1, at least 3:1 needed). The nearest colour that passes is #8f8f00.',
    );
  });

  it('refuses what is not a colour', async () => {
    const reply = await env.request('/api/jams', { method: 'POST', body: newJam({ accentColor: 'green' }), as: admin });
    expect(reply.status).toBe(400);
    expect(reply.body.error.message).toBe('accentColor: accentColor must be a colour like #2e7d32.');
  });

  it('keeps a colour that passes and a banner, shows them on the jam page, and clears them with an empty value', async () => {
    const created = await env.request('/api/jams', {
      method: 'POST',
      body: newJam({ accentColor: '#00838F', bannerUrl: 'https://example.org/banner.png' }),
      as: admin,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ accentColor: '#00838f', bannerUrl: 'https://example.org/banner.png' });
    const { html } = await page(`/jams/${created.body.slug}`);
    expect(html).toContain('--jam-accent: #00838f');
    expect(html).toContain('https://example.org/banner.png');

    const jam = await insertJam(env.db, { status: 'ongoing' });
    await insertManager(env.db, jam.id, maker.id);
    const refused = await env.request(`/api/jams/${jam.slug}`, { method: 'PATCH', body: { accentColor: '#000000' }, as: maker });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain('The nearest colour that passes is #737373.');
    const saved = await env.request(`/api/jams/${jam.slug}`, { method: 'PATCH', body: { accentColor: '#737373' }, as: maker });
    expect(saved.status).toBe(200);
    expect(saved.body.accentColor).toBe('#737373');
    const cleared = await env.request(`/api/jams/${jam.slug}`, {
      method: 'PATCH',
      body: { accentColor: '', bannerUrl: null },
      as: maker,
    });
    expect(cleared.body).toMatchObject({ accentColor: null, bannerUrl: null });
  });
});
