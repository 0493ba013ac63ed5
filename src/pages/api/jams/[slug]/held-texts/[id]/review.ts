import { heldTextDecisionSchema, heldTextReviewSchema } from '#lib/schemas/reports';
import { defineEndpoint, jamSlugAndHeldTextId } from '#server/http/endpoint';
import { reviewHeldText } from '#server/feedback/held-texts';
import { rateLimitOf } from '#server/http/rate-limits';
import { requireJam } from '#server/jams/jams';

export const PUT = defineEndpoint({
  method: 'PUT',
  tag: 'Moderation',
  summary: 'Approve or refuse a held text',
  description:
    'A theme suggestion, a text answer or a jam’s description or body the guard held for a moderator (issue 53 §2): `approve` applies it where it belongs (the theme is suggested, the answer or the jam’s text saved), `refuse` deletes it. Managers of the jam decide on suggestions and answers, administrators on everything (a jam’s own texts only they). Audited (`text.approve`, `text.refuse`); a text that is no longer held (another moderator decided first) answers 404.',
  access: 'user',
  accessNote: 'A manager of this jam or an administrator (a jam’s own description or body: an administrator).',
  rateLimit: rateLimitOf('held-text-reviews'),
  params: jamSlugAndHeldTextId,
  body: { schema: heldTextReviewSchema, example: { decision: 'approve' } },
  early: ({ slug }) => requireJam(slug),
  answer: {
    status: 200,
    description: 'What was decided.',
    schema: heldTextDecisionSchema,
    example: { id: 7, decision: 'approve' },
  },
  errors: [400, 401, 403, 404, 429],
  handler: async ({ user, params, body, early }) => reviewHeldText(user, await early, params.id, body.decision),
});
