import { jamViewerQuerySchema, jamViewerSchema } from '#lib/schemas/viewer';
import { defineEndpoint, jamSlug } from '#server/http/endpoint';
import { requireJam } from '#server/jams/jams';
import { checkEntriesAfterEnd } from '#server/judging/review';
import { jamViewerState } from '#server/jams/viewer';
import { exampleViewer } from '#server/openapi/examples';

export const GET = defineEndpoint({
  method: 'GET',
  tag: 'Jams',
  summary: 'What the caller may do in a jam',
  description:
    "Everything personal on the jam's page, in one answer: who is logged in, their role, permissions, own entry, votes, unread inbox items and — while a jam with theme rounds has not started — their part in them (as `GET …/theme/mine` answers it), and — for managers and administrators — a mystery jam's hidden body. With `?entry=`, also their side of that entry's page: its kudos, the first page of its notes and its team, as `GET …/kudos`, `GET …/notes` and `GET …/credits` answer them.",
  access: 'optional-session',
  params: jamSlug,
  query: {
    schema: jamViewerQuerySchema,
    notes: { entry: 'An entry of this jam whose page asks (404 when it is not part of the jam).' },
  },
  early: ({ slug }) => requireJam(slug),
  answer: { status: 200, description: 'The caller’s view of the jam.', schema: jamViewerSchema, example: exampleViewer },
  cache: 'private, no-store',
  errors: [400, 404],
  handler: async ({ ctx, user, query, early }) => {
    // Every jam page asks for this on load: the first after the submission end starts the entries' check.
    const jam = await early;
    checkEntriesAfterEnd(jam, ctx.locals);
    return jamViewerState(jam, user, { entryId: query.entry });
  },
});
