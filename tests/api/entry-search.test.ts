/**
 * Finding an entry (issue 35 §3): `q` on the entries API and the jam page's GET form — by title,
 * author or accepted co-creator, any case, wildcards taken literally, paged in the database, the
 * state kept in the address, a friendly message when nothing matches.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { entries, entryCredits } from '#db/schema';
import { type Environment, type TestUser, startEnvironment } from '../helpers/environment';
import { insertEntry, insertJam, insertVote } from '../helpers/factories';

let env: Environment;
let jamSlug: string;
let endedSlug: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  env = await startEnvironment();
  const people: Record<string, TestUser> = {};
  for (const name of ['search_luna', 'search_max', 'search_crew', 'search_banned_crew', 'search_invited', 'search_pct'])
    people[name] = await env.login(name, { isBanned: name === 'search_banned_crew' });
  const jam = await insertJam(env.db, { name: 'Search Jam' });
  jamSlug = jam.slug;
  const entry = (key: string, submitter: string, scratchId: number, title: string) =>
    insertEntry(env.db, jam.id, people[submitter]!.id, scratchId, { title, authorName: submitter }).then((row) => {
      ids[key] = row.id;
      return row;
    });
  await entry('moon', 'search_luna', 530_001, 'Moon Lander');
  const team = await entry('dragon', 'search_max', 530_002, 'Dragon Quest');
  await entry('percent', 'search_pct', 530_003, '100% Fun_Game');
  await env.db.insert(entryCredits).values([
    { entryId: team.id, userId: people.search_crew!.id, jamId: jam.id, status: 'accepted' },
    { entryId: team.id, userId: people.search_banned_crew!.id, jamId: jam.id, status: 'accepted' },
    { entryId: team.id, userId: people.search_invited!.id, jamId: jam.id, status: 'invited' },
  ]);

  // An ended jam with 30 "Star" entries: paging and ranks of a search.
  const ended = await insertJam(env.db, { name: 'Search Ended', status: 'ended' });
  endedSlug = ended.slug;
  for (let n = 0; n < 30; n += 1) {
    const person = await env.login(`search_star_${n}`);
    const row = await insertEntry(env.db, ended.id, person.id, 531_000 + n, {
      title: n % 2 === 0 ? `Star ${n}` : `Comet ${n}`,
      authorName: person.name,
    });
    if (n === 3) {
      ids.topComet = row.id;
      await insertVote(env.db, ended.id, row.id, people.search_luna!.id);
      await insertVote(env.db, ended.id, row.id, people.search_max!.id);
    }
  }
});
afterAll(() => env?.close());

const titles = (reply: { body: { entries: { title: string }[] } }) => reply.body.entries.map((entry) => entry.title);
const search = (q: string, extra = '') => env.request(`/api/jams/${jamSlug}/entries?q=${encodeURIComponent(q)}${extra}`);
const mainOf = (html: unknown) => {
  const text = String(html);
  return text.slice(text.indexOf('<main'), text.indexOf('</main>')).replace(/ data-astro-cid-\w+/g, '');
};

describe('the search index (three letters or more)', () => {
  it('finds any case beyond English letters, quotes as they are, and follows renamed and removed entries', async () => {
    const jam = await insertJam(env.db, { name: 'Index Jam' });
    const maker = await env.login('search_index_maker');
    const inIndexJam = (q: string) => env.request(`/api/jams/${jam.slug}/entries?q=${encodeURIComponent(q)}`).then(titles);
    const tree = await insertEntry(env.db, jam.id, maker.id, 532_001, { title: 'Élet Fája', authorName: maker.name });
    const quoted = await insertEntry(env.db, jam.id, (await env.login('search_index_quoter')).id, 532_002, {
      title: 'Say "Hi" Quest',
      authorName: 'search_index_quoter',
    });
    expect(await inIndexJam('élet fá')).toEqual(['Élet Fája']);
    expect(await inIndexJam('ÉLET')).toEqual(['Élet Fája']);
    expect(await inIndexJam('"hi" q')).toEqual(['Say "Hi" Quest']);
    // Two letters are read from the entries themselves.
    expect(await inIndexJam('fá')).toEqual(['Élet Fája']);
    await env.db.update(entries).set({ title: 'Sun Racer' }).where(eq(entries.id, tree.id));
    expect(await inIndexJam('élet')).toEqual([]);
    expect(await inIndexJam('sun rac')).toEqual(['Sun Racer']);
    await env.db.delete(entries).where(eq(entries.id, quoted.id));
    expect(await inIndexJam('quest')).toEqual([]);
    expect(await inIndexJam('search_index')).toEqual(['Sun Racer']);
  });

  it('answers texts the index cannot hold (a NUL, a control character) with the entries that contain them, not an error', async () => {
    for (const q of ['java%00script%3Ax', '%07bell%07']) {
      const reply = await env.request(`/api/jams/${jamSlug}/entries?q=${q}`);
      expect(reply.status, q).toBe(200);
      expect(reply.body.entries, q).toEqual([]);
    }
    expect(titles(await search('Moon Lan'))).toEqual(['Moon Lander']);
  });
});

describe('searching a jam’s entries through the API', () => {
  it('finds entries by title, any case', async () => {
    const reply = await search('moon LAND');
    expect(titles(reply)).toEqual(['Moon Lander']);
    expect(reply.body).toMatchObject({ total: 1, totalPages: 1, q: 'moon LAND' });
  });

  it('finds entries by author and by an accepted co-creator, not by an invited or banned one', async () => {
    expect(titles(await search('search_luna'))).toEqual(['Moon Lander']);
    expect(titles(await search('SEARCH_CREW'))).toEqual(['Dragon Quest']);
    expect(titles(await search('search_invited'))).toEqual([]);
    expect(titles(await search('search_banned'))).toEqual([]);
  });

  it('takes % and _ literally', async () => {
    expect(titles(await search('100%'))).toEqual(['100% Fun_Game']);
    expect(titles(await search('%'))).toEqual(['100% Fun_Game']);
    expect(titles(await search('n_G'))).toEqual(['100% Fun_Game']);
    // Every author's name has an underscore.
    expect(titles(await search('_'))).toEqual(['Moon Lander', 'Dragon Quest', '100% Fun_Game']);
  });

  it('lists every entry for a blank search, and answers an empty list (not an error) when nothing matches', async () => {
    const blank = await search('   ');
    expect(blank.body).toMatchObject({ total: 3, q: null });
    const none = await search('zebra');
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ entries: [], total: 0, totalPages: 1, q: 'zebra' });
  });

  it('pages the matches in the database and keeps each entry’s real rank once the results are public', async () => {
    const first = await env.request(`/api/jams/${endedSlug}/entries?q=comet&perPage=10`);
    expect(first.body).toMatchObject({ total: 15, totalPages: 2, page: 1, sort: 'most-votes' });
    expect(first.body.entries[0]).toMatchObject({ id: ids.topComet, rank: 1, title: 'Comet 3' });
    // Ranks count every entry of the jam, not just the matches: the second comet is behind 1 comet and the stars before it.
    expect(first.body.entries[1].rank).toBeGreaterThan(2);
    const second = await env.request(`/api/jams/${endedSlug}/entries?q=comet&perPage=10&page=2`);
    expect(second.body.entries).toHaveLength(5);
    const all = [...first.body.entries, ...second.body.entries].map((entry: { title: string }) => entry.title);
    expect(new Set(all).size).toBe(15);
    expect(all.every((title) => title.startsWith('Comet'))).toBe(true);
    // Past the last page: the last page.
    const past = await env.request(`/api/jams/${endedSlug}/entries?q=comet&perPage=10&page=9`);
    expect(past.body).toMatchObject({ page: 2, total: 15, totalPages: 2 });
    expect(past.body.entries).toHaveLength(5);
  });

  it('counts the matches right whether a page is full, short, the last one or past it', async () => {
    const count = async (perPage: number, page: number) => {
      const reply = await env.request(`/api/jams/${endedSlug}/entries?q=comet&perPage=${perPage}&page=${page}`);
      return {
        page: reply.body.page,
        total: reply.body.total,
        totalPages: reply.body.totalPages,
        shown: reply.body.entries.length,
      };
    };
    // Full pages, and the last one exactly full.
    expect(await count(5, 1)).toEqual({ page: 1, total: 15, totalPages: 3, shown: 5 });
    expect(await count(5, 3)).toEqual({ page: 3, total: 15, totalPages: 3, shown: 5 });
    // A short first page: all the matches on one page.
    expect(await count(20, 1)).toEqual({ page: 1, total: 15, totalPages: 1, shown: 15 });
    // Just past an exactly full last page.
    expect(await count(5, 4)).toEqual({ page: 3, total: 15, totalPages: 3, shown: 5 });
    expect(await count(15, 2)).toEqual({ page: 1, total: 15, totalPages: 1, shown: 15 });
  });

  it('cuts a search longer than 100 characters instead of refusing it', async () => {
    const reply = await search(`Moon${' '.repeat(20)}${'x'.repeat(200)}`);
    expect(reply.status).toBe(200);
    expect(reply.body.q).toHaveLength(100);
  });
});

describe('the jam page’s search form', () => {
  it('is a GET form that keeps the order and shows the matches, their count and a way back, in every locale', async () => {
    const cases = [
      ['', 'Search entries', 'Entries matching “dragon”: 1', 'Clear search'],
      ['/hu', 'Keresés a nevezések között', 'Találatok erre: „dragon”: 1', 'Keresés törlése'],
      ['/ir', 'Cuardaigh iontrálacha', 'Iontrálacha a mheaitseálann “dragon”: 1', 'Glan an cuardach'],
    ] as const;
    for (const [prefix, label, summary, clear] of cases) {
      const path = `${prefix}/jams/${jamSlug}`;
      const reply = await env.request(`${path}?q=dragon&sort=newest`);
      expect(reply.status).toBe(200);
      const main = mainOf(reply.body);
      expect(main).toContain(
        `<form class="entry-search" method="get" action="${path}#submissions" role="search" aria-label="${label}">`,
      );
      expect(main).toMatch(/<input id="entry-search-q" type="search" name="q" value="dragon"/);
      expect(main).toContain('<input type="hidden" name="sort" value="newest">');
      expect(main).toContain(summary);
      expect(main).toContain(`<a class="clear" href="${path}?sort=newest#submissions">${clear}</a>`);
      expect(main).toContain('Dragon Quest');
      expect(main).not.toContain('Moon Lander');
      // The orders keep the search.
      expect(main).toContain(`href="${path}?q=dragon#submissions"`);
    }
  });

  it('says so kindly when nothing matches', async () => {
    const main = mainOf((await env.request(`/jams/${jamSlug}?q=zebra`)).body);
    expect(main).toContain('No entries match “zebra”. Try another word, or look through all of them.');
    expect(main).toContain(`<a class="clear" href="/jams/${jamSlug}#submissions">Clear search</a>`);
    expect(main).not.toContain('Moon Lander');
  });

  it('keeps the search in the page links', async () => {
    const main = mainOf((await env.request(`/jams/${endedSlug}?q=search_star`)).body);
    expect(main).toContain(`href="/jams/${endedSlug}?q=search_star&amp;entries=2#submissions"`);
  });

  it('shows a hostile search as text, never as markup', async () => {
    const reply = await env.request(`/jams/${jamSlug}?q=${encodeURIComponent('"><script>alert(1)</script>')}`);
    expect(reply.status).toBe(200);
    const main = mainOf(reply.body);
    // In the form's value it stays inside its quotes; everywhere else it is escaped text.
    expect(main).toContain('name="q" value="&quot;><script>alert(1)</script>"');
    expect(main.replace(/="[^"]*"/g, '=""')).not.toContain('<script>alert(1)');
    expect(main).toContain('No entries match “&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;”.');
  });
});
