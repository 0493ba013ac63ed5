import { jamSchema, jamUpdateSchema } from '#lib/schemas/jams';
import { defineEndpoint, jamSlug } from '#server/http/endpoint';
import { deleteJam, updateJam } from '#server/jams/jam-writes';
import { readJam, requireJam } from '#server/jams/jams';
import { checkEntriesAfterEnd } from '#server/judging/review';
import { exampleJam } from '#server/openapi/examples';
import { textFilterDoc } from '#server/feedback/guard/guard-texts';

export const GET = defineEndpoint({
  method: 'GET',
  tag: 'Jams',
  summary: 'Read a jam',
  description: "In mystery mode the body is null until the start, except for the jam's managers and administrators.",
  access: 'optional-session',
  params: jamSlug,
  early: ({ slug }) => requireJam(slug),
  answer: { status: 200, description: 'The jam.', schema: jamSchema, example: exampleJam },
  errors: [404],
  handler: async ({ ctx, user, early }) => {
    // The first read after the submission end starts the check of every entry's Scratch history.
    const jam = await early;
    checkEntriesAfterEnd(jam, ctx.locals);
    return readJam(jam, user);
  },
});

export const PATCH = defineEndpoint({
  method: 'PATCH',
  tag: 'Jams',
  summary: 'Edit a jam',
  description:
    'Send only the fields to change: a field you leave out keeps its value. `null` clears `body` (to empty) and `imageUrl` (no picture; an empty string does too); the name, description and dates cannot be cleared (400). Renaming moves the slug; the old one keeps working. `criteria` keep their ids when renamed (send `id` with the new `name`; a criterion without `id` is new); `judging` cannot change once anyone voted or rated, nor can a criterion with ratings be removed (409). `themeRounds` (the body of `PUT /api/jams/{slug}/theme/rounds`, same rules) sets the theme rounds with the jam, until the start (409 after); moving `startsAt` before the theme rounds’ `closesAt` is a 400 naming `startsAt`.' +
    textFilterDoc(
      'For managers who are not administrators, `name`, `description`, `body` (with its own link rules: web and mail links stay) and the criteria names',
    ),
  access: 'manager',
  params: jamSlug,
  early: ({ slug }) => requireJam(slug),
  body: { schema: jamUpdateSchema, example: { description: 'Make a fast-paced space game in one week. Sound on!' } },
  answer: { status: 200, description: 'The edited jam.', schema: jamSchema, example: exampleJam },
  errors: [400, 401, 403, 404, 409],
  handler: async ({ user, body, early }) => updateJam(user, await early, body),
});

export const DELETE = defineEndpoint({
  method: 'DELETE',
  tag: 'Jams',
  summary: 'Delete a jam',
  description: 'Its entries, votes and managers go with it.',
  access: 'admin',
  params: jamSlug,
  early: ({ slug }) => requireJam(slug),
  answer: { status: 204, description: 'Done; no content.' },
  errors: [401, 403, 404],
  handler: async ({ user, early }) => {
    await deleteJam(user, await early);
  },
});
