import { participationSchema } from '#lib/schemas/jams';
import { defineEndpoint, jamSlug } from '#server/http/endpoint';
import { joinJam, leaveJam } from '#server/jams/participants';
import { requireJam } from '#server/jams/jams';
import { rateLimitOf } from '#server/http/rate-limits';

/** Joining and leaving share one per-user rate limit. */
const joins = rateLimitOf('joins');

export const PUT = defineEndpoint({
  method: 'PUT',
  tag: 'Jams',
  summary: 'Join a jam',
  description: 'While the jam is upcoming or ongoing. Joining twice is harmless; submitting a project joins too.',
  access: 'user',
  rateLimit: joins,
  params: jamSlug,
  early: ({ slug }) => requireJam(slug),
  answer: {
    status: 200,
    description: 'Your place in the jam and how many joined.',
    schema: participationSchema,
    example: { joined: true, submitted: false, participantCount: 12 },
  },
  errors: [400, 401, 403, 404, 409, 429],
  handler: async ({ user, early }) => joinJam(user, await early),
});

export const DELETE = defineEndpoint({
  method: 'DELETE',
  tag: 'Jams',
  summary: 'Leave a jam',
  description: 'Until you submit a project to it and while it has not ended. Leaving twice is harmless.',
  access: 'user',
  rateLimit: joins,
  params: jamSlug,
  early: ({ slug }) => requireJam(slug),
  answer: {
    status: 200,
    description: 'Your place in the jam and how many joined.',
    schema: participationSchema,
    example: { joined: false, submitted: false, participantCount: 11 },
  },
  errors: [400, 401, 403, 404, 409, 429],
  handler: async ({ user, early }) => leaveJam(user, await early),
});
