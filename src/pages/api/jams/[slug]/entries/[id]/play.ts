import { defineEndpoint, jamSlugAndEntryId } from '#server/http/endpoint';
import { recordPlay } from '#server/judging/plays';
import { requireJam } from '#server/jams/jams';
import { rateLimitOf } from '#server/http/rate-limits';

export const PUT = defineEndpoint({
  method: 'PUT',
  tag: 'Entries',
  summary: "Record that you opened an entry's player",
  description:
    'One play per person per entry: sending it again changes nothing. Your own entry is not counted. In a jam with hidden entries, an entry is a 404 to all but its team and the jam’s managers until submissions close (nothing is recorded). Play counts are public once the results are, and shown to managers at once. The entry page sends this as it opens (its player is open), beside `GET …/viewer?entry=` for the page’s viewer document: in a deadline rush a play is the most frequent write, so it answers as soon as its row is committed and carries nothing else (ADR 045).',
  access: 'user',
  rateLimit: rateLimitOf('plays'),
  params: jamSlugAndEntryId,
  early: ({ slug }) => requireJam(slug),
  answer: { status: 204, description: 'Recorded (or already recorded, or your own entry); no content.' },
  cache: 'private, no-store',
  errors: [400, 401, 403, 404, 429],
  handler: async ({ user, params, early }) => recordPlay(user, await early, params.id),
});
