import { myDataSchema } from '#lib/schemas/my-data';
import { defineEndpoint, reply } from '#server/http/endpoint';
import { exampleMyData } from '#server/openapi/my-data-examples';
import { myData, myDataFileName } from '#server/users/my-data';

/** Issue 41 §3, "Download my data": one JSON file of everything kept about you, as a download. */
export const GET = defineEndpoint({
  method: 'GET',
  tag: 'Account',
  summary: 'Download your data',
  description:
    'Everything Itinerary keeps about you, as one JSON file (`Content-Disposition: attachment; filename="itinerary-data-{name}-{date}.json"`): ' +
    'your profile, entries, co-creator credits, notes, kudos given, votes, plays, reports made, notifications, jam requests, joined and managed jams. ' +
    'Never a session token or your private feeds’ secret, and nothing private of anyone else.',
  access: 'user',
  answer: { status: 200, description: 'Your data.', schema: myDataSchema, example: exampleMyData },
  cache: 'private, no-store',
  errors: [401, 403],
  handler: async ({ user }) =>
    reply(await myData(user), {
      headers: { 'content-disposition': `attachment; filename="${myDataFileName(user.name)}"` },
    }),
});
