import { jamViewerSchema } from '#lib/schemas/viewer';
import { defineEndpoint, jamSlug } from '#server/http/endpoint';
import { requireJam } from '#server/jams/jams';
import { checkEntriesAfterEnd } from '#server/jams/review';
import { jamViewerState } from '#server/jams/viewer';
import { exampleViewer } from '#server/openapi/examples';

export const GET = defineEndpoint({
  method: 'GET',
  tag: 'Jams',
  summary: 'What the caller may do in a jam',
  description: "Role, permissions, own entry and — for managers and administrators — a mystery jam's hidden body.",
  access: 'optional-session',
  params: jamSlug,
  answer: { status: 200, description: 'The caller’s view of the jam.', schema: jamViewerSchema, example: exampleViewer },
  cache: 'private, no-store',
  errors: [404],
  handler: async ({ ctx, user, params }) => {
    // Every jam page asks for this on load: the first after the submission end starts the entries' check.
    const jam = await requireJam(params.slug);
    checkEntriesAfterEnd(jam, ctx.locals);
    return jamViewerState(jam, user);
  },
});
