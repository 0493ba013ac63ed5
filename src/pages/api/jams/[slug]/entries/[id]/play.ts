import { jamViewerSchema } from '#lib/schemas/viewer';
import { defineEndpoint, jamSlugAndEntryId } from '#server/http/endpoint';
import { playLimiter } from '#server/judging/plays';
import { requireJam } from '#server/jams/jams';
import { recordPlayAndView } from '#server/jams/viewer';
import { exampleEntryPageViewer } from '#server/openapi/examples';

export const PUT = defineEndpoint({
  method: 'PUT',
  tag: 'Entries',
  summary: "Record that you opened an entry's player",
  description:
    'One play per person per entry: sending it again changes nothing. Your own entry is not counted. In a jam with hidden entries, an entry is a 404 to all but its team and the jam’s managers until submissions close (nothing is recorded). Play counts are public once the results are, and shown to managers at once. The entry page sends this as it opens (its player is open), so the answer is what that page needs: the viewer document of the jam with `?entry=` this entry, the play counted.',
  access: 'user',
  rateLimit: { limiter: playLimiter, per: 'user', what: 'plays' },
  params: jamSlugAndEntryId,
  early: ({ slug }) => requireJam(slug),
  answer: {
    status: 200,
    description: 'Recorded (or already recorded, or your own entry); the viewer document of the entry’s page.',
    schema: jamViewerSchema,
    example: exampleEntryPageViewer,
  },
  cache: 'private, no-store',
  errors: [400, 401, 403, 404, 429],
  handler: async ({ user, params, early }) => recordPlayAndView(user, await early, params.id),
});
