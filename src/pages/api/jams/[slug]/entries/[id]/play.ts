import { defineEndpoint, jamSlugAndEntryId } from '#server/http/endpoint';
import { playLimiter, recordPlay } from '#server/jams/plays';
import { requireJam } from '#server/jams/jams';

export const PUT = defineEndpoint({
  method: 'PUT',
  tag: 'Entries',
  summary: "Record that you opened an entry's player",
  description:
    'One play per person per entry: sending it again changes nothing. Your own entry is not counted. Play counts are public once the results are, and shown to managers at once.',
  access: 'user',
  rateLimit: { limiter: playLimiter, per: 'user', what: 'plays' },
  params: jamSlugAndEntryId,
  answer: { status: 204, description: 'Recorded (or already recorded, or your own entry); no content.' },
  errors: [400, 401, 403, 404, 429],
  handler: async ({ user, params }) => recordPlay(user, await requireJam(params.slug), params.id),
});
