/**
 * Public profiles (issue 35 §2): /users/{name} in every locale and its JSON twin
 * /api/user/{name}/profile — entries (submitted and credited), places and medals only once the
 * results are public, managed jams, totals, the banned and the unknown, casing, cache and sitemap.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries, entryCredits, users } from '#db/schema';
import { refreshEveryMs } from '#server/node/page-policy';
import { type Environment, type TestUser, startEnvironment } from '../helpers/environment';
import { insertEntry, insertJam, insertManager, insertVote } from '../helpers/factories';

const HOUR = 3_600_000;
let env: Environment;
let ada: TestUser, bob: TestUser, voters: TestUser[];
const ids: Record<string, number> = {};
const slugs: Record<string, string> = {};

beforeAll(async () => {
  env = await startEnvironment({ ITINERARY_PAGE_CACHE_TTL: '600' });
  ada = await env.login('prof_ada');
  bob = await env.login('prof_bob');
  voters = await Promise.all([1, 2, 3].map((n) => env.login(`prof_voter_${n}`)));
  const now = Date.now();

  // An ended jam: Ada's entry is the managers' winner (1 vote, 2nd); Bob's has the most votes: the community's choice.
  const ended = await insertJam(env.db, {
    name: 'Prof Ended Jam',
    startsAt: new Date(now - 10 * 24 * HOUR),
    endsAt: new Date(now - 9 * 24 * HOUR),
  });
  const adaWinner = await insertEntry(env.db, ended.id, ada.id, 510_001, {
    title: 'Ada Orbit',
    authorName: 'prof_ada',
    isWinner: true,
    kudosCount: 4,
  });
  const bobFavourite = await insertEntry(env.db, ended.id, bob.id, 510_002, { title: 'Bob Blaster', authorName: 'prof_bob' });
  await insertVote(env.db, ended.id, adaWinner.id, voters[0]!.id);
  for (const voter of voters) await insertVote(env.db, ended.id, bobFavourite.id, voter.id);

  // Another ended jam: Bob's entry, Ada an accepted co-creator; its only entry with a vote, so the community's choice.
  const team = await insertJam(env.db, {
    name: 'Prof Team Jam',
    startsAt: new Date(now - 8 * 24 * HOUR),
    endsAt: new Date(now - 7 * 24 * HOUR),
  });
  const teamEntry = await insertEntry(env.db, team.id, bob.id, 510_003, {
    title: 'Team Rocket',
    authorName: 'prof_bob',
    kudosCount: 2,
  });
  await env.db.insert(entryCredits).values({ entryId: teamEntry.id, userId: ada.id, jamId: team.id, status: 'accepted' });
  await insertVote(env.db, team.id, teamEntry.id, voters[1]!.id);

  // A jam whose voting is still open: results not public, so no places and no community choice.
  const voting = await insertJam(env.db, {
    name: 'Prof Voting Jam',
    startsAt: new Date(now - 3 * 24 * HOUR),
    endsAt: new Date(now - 2 * 24 * HOUR),
    votingEndsAt: new Date(now + 24 * HOUR),
  });
  const pending = await insertEntry(env.db, voting.id, ada.id, 510_004, { title: 'Ada Pending', authorName: 'prof_ada' });
  await insertVote(env.db, voting.id, pending.id, voters[2]!.id);

  // An invitation not yet accepted credits nobody.
  const invited = await insertJam(env.db, { name: 'Prof Invited Jam', status: 'ended' });
  const invitedEntry = await insertEntry(env.db, invited.id, bob.id, 510_005, { title: 'Not Yet Ada', authorName: 'prof_bob' });
  await env.db.insert(entryCredits).values({ entryId: invitedEntry.id, userId: ada.id, jamId: invited.id, status: 'invited' });

  const managed = await insertJam(env.db, { name: 'Prof Managed Jam', status: 'upcoming' });
  await insertManager(env.db, managed.id, ada.id);

  Object.assign(ids, { adaWinner: adaWinner.id, bobFavourite: bobFavourite.id, teamEntry: teamEntry.id, pending: pending.id });
  Object.assign(slugs, { ended: ended.slug, team: team.slug, voting: voting.slug, managed: managed.slug });
});
afterAll(() => env?.close());

const mainOf = (html: unknown) => {
  const text = String(html);
  return text.slice(text.indexOf('<main'), text.indexOf('</main>')).replace(/ data-astro-cid-\w+/g, '');
};
const headOf = (html: unknown) => String(html).slice(0, String(html).indexOf('</head>'));
/** The visible text of some HTML, tags dropped and spaces squeezed. */
const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('a profile in JSON', () => {
  it('lists the entries they submitted or are credited on, newest jams first, with places and medals only where the results are public', async () => {
    const reply = await env.request('/api/user/prof_ada/profile');
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      name: 'prof_ada',
      avatarUrl: '/api/user/prof_ada/picture',
      scratchUrl: 'https://scratch.mit.edu/users/prof_ada/',
      totals: { entries: 3, wins: 1, kudos: 6, managed: 1 },
      managed: [{ slug: slugs.managed, name: 'Prof Managed Jam' }],
    });
    expect(reply.body.entries).toMatchObject({ page: 1, perPage: 20, total: 3, totalPages: 1 });
    expect(reply.body.entries.items).toEqual([
      expect.objectContaining({
        id: ids.pending,
        title: 'Ada Pending',
        role: 'submitter',
        resultsPublic: false,
        rank: null,
        winner: false,
        communityChoice: false,
      }),
      expect.objectContaining({
        id: ids.teamEntry,
        title: 'Team Rocket',
        authorName: 'prof_bob',
        role: 'co-creator',
        resultsPublic: true,
        rank: 1,
        winner: false,
        communityChoice: true,
        kudos: 2,
      }),
      expect.objectContaining({
        id: ids.adaWinner,
        title: 'Ada Orbit',
        role: 'submitter',
        resultsPublic: true,
        rank: 2,
        winner: true,
        communityChoice: false,
        kudos: 4,
      }),
    ]);
  });

  it('finds the user in any casing and answers with the stored spelling', async () => {
    const reply = await env.request('/api/user/PROF_Ada/profile');
    expect(reply.status).toBe(200);
    expect(reply.body.name).toBe('prof_ada');
  });

  it('answers 404 for an unknown user and for a banned one, saying which', async () => {
    expect(await env.request('/api/user/prof_nobody_here/profile')).toMatchObject({
      status: 404,
      body: { error: { status: 404, code: 'not_found', message: 'There is no Itinerary user with that name.' } },
    });
    await env.login('prof_banned', { isBanned: true });
    expect(await env.request('/api/user/prof_banned/profile')).toMatchObject({
      status: 404,
      body: { error: { status: 404, code: 'not_found', message: 'This account is not available.' } },
    });
  });

  it('gives a disqualified entry no place and no medal', async () => {
    const person = await env.login('prof_disqualified');
    const jam = await insertJam(env.db, { status: 'ended' });
    const entry = await insertEntry(env.db, jam.id, person.id, 510_010, { review: 'disqualified', isWinner: false });
    await insertVote(env.db, jam.id, entry.id, voters[0]!.id);
    const reply = await env.request('/api/user/prof_disqualified/profile');
    expect(reply.body.entries.items).toEqual([
      expect.objectContaining({ id: entry.id, disqualified: true, rank: null, winner: false, communityChoice: false }),
    ]);
    expect(reply.body.totals).toMatchObject({ entries: 1, wins: 0 });
  });

  it('pages a prolific Scratcher’s entries in the database, 20 a page', async () => {
    const prolific = await env.login('prof_prolific');
    const now = Date.now();
    for (let n = 0; n < 25; n += 1) {
      const jam = await insertJam(env.db, { startsAt: new Date(now - (n + 2) * HOUR), endsAt: new Date(now + HOUR) });
      await insertEntry(env.db, jam.id, prolific.id, 520_000 + n, { title: `Prolific ${n}` });
    }
    const first = await env.request('/api/user/prof_prolific/profile');
    expect(first.body.entries).toMatchObject({ page: 1, total: 25, totalPages: 2 });
    expect(first.body.entries.items).toHaveLength(20);
    expect(first.body.entries.items[0].title).toBe('Prolific 0');
    const second = await env.request('/api/user/prof_prolific/profile?page=2');
    expect(second.body.entries.items.map((item: { title: string }) => item.title)).toEqual([
      'Prolific 20',
      'Prolific 21',
      'Prolific 22',
      'Prolific 23',
      'Prolific 24',
    ]);
    // Past the last page: the last page.
    expect((await env.request('/api/user/prof_prolific/profile?page=9')).body.entries.page).toBe(2);
  });
});

describe('a profile page', () => {
  it('shows the avatar, the Scratch link, when they joined, entries with places and medals, managed jams and totals, in every locale', async () => {
    const expected = {
      '': [
        'Jams entered',
        'Place 2',
        'Place 1',
        'winner',
        'selected by the community',
        'Results are not public yet',
        'Co-creator',
        'Made with prof_bob',
        'Jams managed',
        'Profile on Scratch',
        'Joined',
        'Kudos received',
      ],
      '/hu': [
        'Versenyek, amelyekre nevezett',
        '2. hely',
        '1. hely',
        'nyertes',
        'a közösség választása',
        'Az eredmények még nem nyilvánosak',
        'Alkotótárs',
        'Készítette vele: prof_bob',
        'Versenyek, amelyeket szervez',
        'Profil a Scratchen',
        'Csatlakozott:',
        'Kapott dicséretek',
      ],
      '/ir': [
        'Comórtais a ndeachaigh siad isteach iontu',
        'Áit 2',
        'Áit 1',
        'buaiteoir',
        'roghnaithe ag an bpobal',
        'Níl na torthaí poiblí fós',
        'Comhchruthaitheoir',
        'Déanta le prof_bob',
        'Comórtais a bhainistíonn siad',
        'Próifíl ar Scratch',
        'Ball ó',
        'Moladh faighte',
      ],
    };
    for (const [prefix, texts] of Object.entries(expected)) {
      const reply = await env.request(`${prefix}/users/prof_ada`);
      expect(reply.status).toBe(200);
      const main = mainOf(reply.body);
      const text = textOf(main);
      for (const words of texts) expect(text).toContain(words);
      expect(main).toContain('<h1>prof_ada</h1>');
      expect(main).toContain('src="/api/user/prof_ada/picture"');
      expect(main).toContain('href="https://scratch.mit.edu/users/prof_ada/"');
      expect(main).toContain(`href="${prefix}/jams/${slugs.ended}/entries/${ids.adaWinner}"`);
      expect(main).toContain(`href="${prefix}/jams/${slugs.managed}"`);
      expect(main).toContain(`href="${prefix}/users/prof_bob"`);
      expect(main).toMatch(/<time datetime="[^"]+" data-local="date">/);
      // Totals: 3 entries, 1 win, 6 kudos, 1 jam managed.
      expect(main.match(/<dd>\d+<\/dd>/g)).toEqual(['<dd>3</dd>', '<dd>1</dd>', '<dd>6</dd>', '<dd>1</dd>']);
      expect(main).not.toContain('Not Yet Ada');
      expect(main).not.toContain('Bob Blaster');
    }
  });

  it('has its own title, link preview, canonical address and language alternates', async () => {
    const head = headOf((await env.request('/hu/users/prof_ada')).body);
    expect(head).toContain('<title>prof_ada az Itineraryn');
    expect(head).toMatch(/<link rel="canonical" href="[^"]*\/hu\/users\/prof_ada"/);
    expect(head).toMatch(/hreflang="en" href="[^"]*\/users\/prof_ada"/);
    expect(head).toMatch(/hreflang="ga" href="[^"]*\/ir\/users\/prof_ada"/);
    expect(head).toMatch(/<meta property="og:image" content="[^"]*\/api\/user\/prof_ada\/picture"/);
  });

  it('redirects another casing of the name to the stored spelling, keeping the locale and page', async () => {
    const reply = await env.request('/hu/users/PROF_ADA?page=2');
    expect(reply.status).toBe(301);
    expect(reply.headers.get('location')).toBe('/hu/users/prof_ada?page=2');
  });

  it('is the 404 page for a name nobody has, or that is not a Scratch username', async () => {
    for (const path of ['/users/prof_nobody_here', '/ir/users/prof_nobody_here', '/users/%3Cscript%3E']) {
      const reply = await env.request(path);
      expect(reply.status).toBe(404);
    }
  });

  it('shows only that a banned account is not available: no entries, no picture, kept out of caches', async () => {
    const banned = await env.login('prof_banned_author', { isBanned: true });
    const jam = await insertJam(env.db, { status: 'ended' });
    await insertEntry(env.db, jam.id, banned.id, 510_020, { title: 'Hidden Banned Game' });
    for (const [prefix, heading, message] of [
      ['', 'Account not available', 'This account is not available.'],
      ['/hu', 'A fiók nem érhető el', 'Ez a fiók nem érhető el.'],
      ['/ir', 'Níl an cuntas ar fáil', 'Níl an cuntas seo ar fáil.'],
    ] as const) {
      const reply = await env.request(`${prefix}/users/prof_banned_author`);
      expect(reply.status).toBe(404);
      expect(reply.headers.get('cache-control')).toBe('no-store');
      const main = mainOf(reply.body);
      expect(main).toContain(heading);
      expect(main).toContain(message);
      expect(main).not.toContain('Hidden Banned Game');
      expect(main).not.toContain('/api/user/prof_banned_author/picture');
    }
  });

  it('is cached, and dropped when something it shows changes (a winner chosen)', async () => {
    const owner = await env.login('prof_cached');
    const manager = await env.login('prof_cache_manager');
    const jam = await insertJam(env.db, { status: 'ended' });
    await insertManager(env.db, jam.id, manager.id);
    const entry = await insertEntry(env.db, jam.id, owner.id, 510_030, { title: 'Cached Game', authorName: 'prof_cached' });
    expect((await env.request('/users/prof_cached')).headers.get('x-page-cache')).toBe('miss');
    const hit = await env.request('/users/prof_cached');
    expect(hit.headers.get('x-page-cache')).toBe('hit');
    expect(textOf(mainOf(hit.body))).not.toContain('winner');
    expect((await env.request(`/api/jams/${jam.slug}/entries/${entry.id}/winner`, { method: 'PUT', as: manager })).status).toBe(
      200,
    );
    // Entries change a page's counts and medals: the old copy may stand in while a fresh one renders, a second at most.
    await new Promise((resolve) => setTimeout(resolve, refreshEveryMs() + 100));
    await env.request('/users/prof_cached');
    const after = await env.request('/users/prof_cached');
    expect(textOf(mainOf(after.body))).toContain('winner');
  });

  it('is dropped when the person is banned', async () => {
    const person = await env.login('prof_soon_banned');
    const admin = await env.login('prof_admin', { isAdmin: true });
    const jam = await insertJam(env.db, { status: 'ended' });
    await insertEntry(env.db, jam.id, person.id, 510_040, { title: 'Soon Gone' });
    await env.request('/users/prof_soon_banned');
    expect((await env.request('/users/prof_soon_banned')).headers.get('x-page-cache')).toBe('hit');
    const banned = await env.request(`/api/users/${person.id}`, { method: 'PATCH', body: { isBanned: true }, as: admin });
    expect(banned.status).toBe(200);
    expect((await env.request('/users/prof_soon_banned')).status).toBe(404);
  });
});

describe('the way to one’s own profile', () => {
  it('is a link on the dashboard', async () => {
    const main = mainOf((await env.request('/hu/dashboard', { as: ada })).body);
    expect(main).toMatch(/<a class="button explore" href="\/hu\/users\/prof_ada">\s*Nyilvános profilod\s*<\/a>/);
  });
});

describe('profiles in the sitemap', () => {
  it('lists people with an entry, a credit or a managed jam, and leaves out the banned and the idle', async () => {
    await env.login('prof_idle');
    const [creditedOnly] = await env.db.insert(users).values({ name: 'prof_credited_only' }).returning();
    const jam = await insertJam(env.db, { status: 'ended' });
    const entry = await insertEntry(env.db, jam.id, bob.id, 510_050);
    await env.db.insert(entryCredits).values({ entryId: entry.id, userId: creditedOnly!.id, jamId: jam.id, status: 'accepted' });
    const xml = String((await env.request('/sitemap.xml')).body);
    expect(xml).toMatch(/<loc>[^<]*\/users\/prof_ada<\/loc>/);
    expect(xml).toMatch(/<loc>[^<]*\/hu\/users\/prof_ada<\/loc>/);
    expect(xml).toMatch(/<loc>[^<]*\/users\/prof_credited_only<\/loc>/);
    expect(xml).not.toContain('/users/prof_idle<');
    expect(xml).not.toContain('/users/prof_banned_author<');
    await env.db.delete(entries).where(eq(entries.id, entry.id));
  });
});
