/** What each kind of inbox item says (src/lib/inbox-text.ts), in English and Hungarian, and the private RSS's moments. */
import { describe, expect, it } from 'vitest';
import type { Jam } from '#db/schema';
import { translator } from '#i18n/translate';
import { inboxText } from '#lib/inbox-text';
import type { InboxItemDto } from '#lib/schemas/inbox';
import { feedMoments, privateRss } from '#server/publish/private-feeds';

const en = translator('en');
const hu = translator('hu');
const item = (overrides: Partial<InboxItemDto>): InboxItemDto => ({
  group: 'id:1',
  ids: [1],
  kind: 'kudos',
  read: false,
  createdAt: '2026-11-26T10:00:00.000Z',
  count: 1,
  people: 1,
  actor: null,
  jam: { slug: 'space-jam', name: 'Space Jam' },
  entry: { id: 4, title: 'Leaf Catcher' },
  data: {},
  href: '/jams/space-jam/entries/4',
  ...overrides,
});

describe('what an inbox item says', () => {
  it('groups kudos and notes by the number of people, naming the one when alone', () => {
    expect(inboxText(item({ people: 5, count: 6 }), en).text).toBe('5 people gave kudos to Leaf Catcher');
    expect(inboxText(item({ actor: 'mia' }), en).text).toBe('mia gave kudos to Leaf Catcher');
    expect(inboxText(item({ kind: 'note', actor: 'mia' }), en).text).toBe('mia left a note on Leaf Catcher');
    expect(inboxText(item({ kind: 'note', people: 3 }), en).text).toBe('3 people left notes on Leaf Catcher');
    expect(inboxText(item({ kind: 'note' }), en).text).toBe('Someone left a note on Leaf Catcher');
    expect(inboxText(item({ people: 5 }), hu).text).toBe('5 ember adott elismerést ennek: Leaf Catcher');
  });

  it('tells a moderator what waits for them: a held note on an entry, a held text in a jam (issue 53)', () => {
    const held = (data: Record<string, unknown>, entry: InboxItemDto['entry']) => item({ kind: 'report', entry, data });
    expect(inboxText(held({ item: 'note', held: true }, { id: 4, title: 'Leaf Catcher' }), en).text).toBe(
      'A note on Leaf Catcher in Space Jam is waiting for a moderator',
    );
    expect(inboxText(held({ item: 'text', held: true, target: 'theme' }, null), en).text).toBe(
      'A text in Space Jam is waiting for a moderator',
    );
    expect(inboxText(held({ item: 'text', held: true, target: 'answer' }, null), hu).text).toBe(
      'Egy szöveg moderátorra vár: Space Jam',
    );
  });

  it("says the results' place out of how many entries (issue 57)", () => {
    const results = item({ kind: 'results', data: { won: false, communityChoice: false, place: 3, of: 412 } });
    expect(inboxText(results, en)).toEqual({
      text: 'The results of Space Jam are out!',
      detail: "Your entry's place: #3 of 412.",
    });
    expect(inboxText(results, hu).detail).toBe('A nevezésed helyezése: 3. / 412.');
    expect(inboxText(item({ kind: 'results', data: {} }), en).detail).toBeNull();
  });

  it('says what happened to a jam you joined', () => {
    const jamItem = (kind: InboxItemDto['kind'], data = {}) => inboxText(item({ kind, entry: null, data }), en).text;
    expect(jamItem('jam-started')).toBe('Space Jam has started! Time to make your game.');
    expect(jamItem('jam-started', { mystery: true })).toBe('Space Jam has started, and its mystery theme is out!');
    expect(jamItem('deadline-soon')).toBe('24 hours left in Space Jam, and you have not submitted a project yet.');
    expect(jamItem('voting-ends-soon')).toBe('Voting in Space Jam ends in 24 hours. Play a few more entries!');
    expect(jamItem('results')).toBe('The results of Space Jam are out!');
    expect(jamItem('results', { won: true })).toBe('The results of Space Jam are out, and you won! Congratulations!');
    expect(jamItem('results', { communityChoice: true })).toBe(
      "The results of Space Jam are out: your entry is the community's choice!",
    );
  });

  it('tells about your entries and requests, with the reason when one was given', () => {
    expect(inboxText(item({ kind: 'entry-disqualified' }), en).text).toBe(
      "Your entry Leaf Catcher in Space Jam was disqualified by the jam's managers.",
    );
    expect(inboxText(item({ kind: 'entry-removed', entry: null, data: { title: 'Gone', reported: true } }), en).text).toBe(
      'Your entry Gone was removed from Space Jam after other players reported it.',
    );
    expect(inboxText(item({ kind: 'request-approved', entry: null }), en).text).toBe(
      'Your jam request was approved: Space Jam is ready for you to set up!',
    );
    expect(
      inboxText(
        item({ kind: 'request-declined', jam: null, entry: null, data: { name: 'Winter Jam', reason: 'Too short.' } }),
        en,
      ),
    ).toEqual({ text: 'Your jam request “Winter Jam” was declined.', detail: 'Reason: Too short.' });
  });

  it('names the reported item', () => {
    expect(inboxText(item({ kind: 'report', data: { item: 'entry' } }), en).text).toBe(
      'New report about Leaf Catcher in Space Jam',
    );
    expect(inboxText(item({ kind: 'report', data: { item: 'note' } }), en).text).toBe(
      'New report about a note on Leaf Catcher in Space Jam',
    );
    expect(inboxText(item({ kind: 'report', entry: null, data: { item: 'jam' } }), en).text).toBe('New report about Space Jam');
  });
});

describe('the private RSS', () => {
  const DAY = 86_400_000;
  const now = Date.UTC(2026, 10, 26, 12);
  const jam = {
    id: 3,
    slug: 'space-jam',
    name: 'Space <Jam>',
    startsAt: new Date(now - 2 * DAY),
    endsAt: new Date(now + 12 * 3_600_000),
    votingEndsAt: new Date(now + 3 * DAY),
  } as Jam;

  it('has an item per moment whose day-ahead heads-up has come, newest first', () => {
    expect(feedMoments([jam], now).map((moment) => moment.moment)).toEqual(['deadline', 'start']);
  });

  it('escapes the jam’s name and links the jam page in the feed’s language', () => {
    const xml = privateRss([jam], { site: 'https://itinerary.example', locale: 'hu', t: hu, self: 'https://x/feed', now });
    expect(xml).toContain('<title>Space &lt;Jam&gt;: zárul a beadás</title>');
    expect(xml).toContain('<link>https://itinerary.example/hu/jams/space-jam</link>');
    expect(xml).toContain('<guid isPermaLink="false">jam-3@itinerary.example#deadline</guid>');
    expect(xml).toContain('<language>hu</language>');
  });
});
