import { removedCountSchema } from '#lib/schemas/common';
import { entryListQuerySchema, entryListSchema, entrySchema, submitEntrySchema } from '#lib/schemas/entries';
import { defineEndpoint, jamSlug } from '#server/http/endpoint';
import { listEntries } from '#server/entries/entry-list';
import { submitEntry } from '#server/entries/entry-submit';
import { clearSubmissions } from '#server/jams/jam-writes';
import { requireJam } from '#server/jams/jams';
import { can } from '#server/auth/permissions';
import { entriesAreHidden } from '#server/entries/hidden';
import { exampleEntry, exampleEntryList } from '#server/openapi/examples';
import { textFilterDoc } from '#server/feedback/guard/guard-texts';
import { rateLimitOf } from '#server/http/rate-limits';

export const GET = defineEndpoint({
  method: 'GET',
  tag: 'Entries',
  summary: 'List entries',
  description:
    'While voting is open: submission order by default, no vote counts. Once the results are public: ranked by votes by default (disqualified entries last, unranked), and every order shows the ranks. Play counts: public with the results, to managers at once. A jam with `hiddenEntries` lists none before submissions close, except to its managers.',
  access: 'optional-session',
  params: jamSlug,
  query: {
    schema: entryListQuerySchema,
    notes: {
      page: 'Page number, from 1.',
      perPage: 'Entries per page, 1 to 100.',
      sort: '`submitted` (oldest first), `fewest-plays`, `newest`, `random` or `most-votes` (only once the results are public; before, the default is used). Left out: `most-votes` once the results are public, else `submitted`.',
      seed: 'For `random`: any whole number from 1 to 2147483646; the same seed gives the same order, page after page. Left out: a fixed seed for the jam.',
      q: 'Only entries whose title, author or an accepted co-creator’s name contains this text (any case; up to 100 characters, trimmed). `total` then counts the matches.',
    },
  },
  early: ({ slug }) => requireJam(slug),
  answer: { status: 200, description: 'One page of entries.', schema: entryListSchema, example: exampleEntryList },
  errors: [404],
  handler: async ({ user, query, early }) => {
    const jam = await early;
    // Asked beside the page's read, not before it.
    return listEntries(jam, {
      ...query,
      forManager: can(user, 'jam:review-entries', { jamId: jam.id }),
      readsHidden: entriesAreHidden(jam) && can(user, 'jam:read-hidden-entries', { jamId: jam.id }),
    });
  },
});

export const POST = defineEndpoint({
  method: 'POST',
  tag: 'Entries',
  summary: 'Enter a Scratch project',
  description:
    "Only while the jam is ongoing (or inside your late-submission window, ADR 042: the entry is then marked late), one entry per person, and only a shared project of your own (checked with Scratch). `answers` answers the jam's `questions`: a required one left out is a 400 naming it." +
    textFilterDoc('Text answers'),
  access: 'user',
  rateLimit: rateLimitOf('submissions'),
  params: jamSlug,
  body: {
    schema: submitEntrySchema,
    example: { url: 'https://scratch.mit.edu/projects/900000101/', answers: { '1': true, '2': 'The music is mine too.' } },
  },
  early: ({ slug }) => requireJam(slug),
  answer: { status: 201, description: 'The entry.', schema: entrySchema, example: exampleEntry },
  errors: [400, 401, 403, 404, 409, 429, 502],
  handler: async ({ user, body, early }) => submitEntry(user, await early, body.url, body.answers),
});

/** Clear all submissions (administrators). */
export const DELETE = defineEndpoint({
  method: 'DELETE',
  tag: 'Entries',
  summary: 'Clear all submissions of a jam',
  access: 'admin',
  params: jamSlug,
  early: ({ slug }) => requireJam(slug),
  answer: { status: 200, description: 'How many entries were removed.', schema: removedCountSchema, example: { removed: 3 } },
  errors: [401, 403, 404],
  handler: async ({ user, early }) => clearSubmissions(user, await early),
});
