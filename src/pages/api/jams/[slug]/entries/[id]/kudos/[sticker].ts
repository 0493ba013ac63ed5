import { KUDOS_STICKERS } from '#lib/feedback';
import { kudosSchema, kudosStickerSchema } from '#lib/schemas/kudos';
import { defineEndpoint, jamSlugAndEntryId, param } from '#server/http/endpoint';
import { giveKudos, takeBackKudos } from '#server/feedback/kudos';
import { exampleKudos } from '#server/openapi/examples';
import { requireJam } from '#server/jams/jams';
import { rateLimitOf } from '#server/http/rate-limits';

const params = { ...jamSlugAndEntryId, sticker: param(`The sticker: ${KUDOS_STICKERS.join(', ')}.`, kudosStickerSchema) };
/** Giving and taking back share one per-user rate limit. */
const rateLimit = rateLimitOf('kudos');

export const PUT = defineEndpoint({
  method: 'PUT',
  tag: 'Feedback',
  summary: 'Give a kudos sticker',
  description:
    "One of each sticker per person per entry: giving it twice is harmless. Not for your own entry (403), nor when the jam's feedback is `off` (409).",
  access: 'user',
  permission: 'entry:give-kudos',
  rateLimit,
  params,
  early: ({ slug }) => requireJam(slug),
  answer: { status: 200, description: "The entry's kudos.", schema: kudosSchema, example: exampleKudos },
  errors: [400, 401, 403, 404, 409, 429],
  handler: async ({ user, params, early }) => giveKudos(user, await early, params.id, params.sticker),
});

export const DELETE = defineEndpoint({
  method: 'DELETE',
  tag: 'Feedback',
  summary: 'Take back a kudos sticker',
  description: 'Taking back a sticker you did not give changes nothing.',
  access: 'user',
  rateLimit,
  params,
  early: ({ slug }) => requireJam(slug),
  answer: { status: 200, description: "The entry's kudos.", schema: kudosSchema, example: exampleKudos },
  errors: [400, 401, 403, 404, 429],
  handler: async ({ user, params, early }) => takeBackKudos(user, await early, params.id, params.sticker),
});
