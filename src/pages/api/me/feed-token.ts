import { feedAddressesSchema } from '#lib/schemas/inbox';
import { defineEndpoint } from '#server/http/endpoint';
import { revokeFeedToken, rotateFeedToken } from '#server/inbox/feed-token';
import { feedAddresses } from '#server/publish/private-feeds';
import { rateLimitOf } from '#server/http/rate-limits';

const example = {
  calendar: 'https://itinerary.example/feeds/mfrggzdfmztwq2lknnwg23tpobyxe43uov3ho6dz/my-jams.ics',
  rss: 'https://itinerary.example/feeds/mfrggzdfmztwq2lknnwg23tpobyxe43uov3ho6dz/my-jams.xml',
};

/** Makes your private addresses, or new ones: the old ones stop working. */
export const POST = defineEndpoint({
  method: 'POST',
  tag: 'Account',
  summary: 'Make your private calendar and RSS addresses',
  description:
    'A secret address for calendar apps and one for feed readers, with the jams you joined: their start, submission deadline and voting end. Calling again makes new addresses and turns the old ones off. Put `/hu` or `/ir` after the host for Hungarian or Irish.',
  access: 'user',
  rateLimit: rateLimitOf('feed-tokens'),
  answer: { status: 200, description: 'Your new addresses.', schema: feedAddressesSchema, example },
  cache: 'private, no-store',
  errors: [401, 403, 429],
  handler: async ({ user }) => feedAddresses(await rotateFeedToken(user)),
});

/** Turns the private addresses off. */
export const DELETE = defineEndpoint({
  method: 'DELETE',
  tag: 'Account',
  summary: 'Turn off your private calendar and RSS addresses',
  description: 'The addresses answer 404 from now on. Harmless when they are off already.',
  access: 'user',
  answer: { status: 204, description: 'Done; no content.' },
  errors: [401, 403],
  handler: ({ user }) => revokeFeedToken(user),
});
