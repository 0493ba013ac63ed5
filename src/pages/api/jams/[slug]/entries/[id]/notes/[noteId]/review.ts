import { heldNoteReviewSchema, noteSchema } from '#lib/schemas/notes';
import { defineEndpoint, jamSlugEntryIdAndNoteId } from '#server/http/endpoint';
import { reviewHeldNote } from '#server/feedback/held-notes';
import { exampleNote } from '#server/openapi/examples';
import { requireJam } from '#server/jams/jams';
import { rateLimitOf } from '#server/http/rate-limits';

export const PUT = defineEndpoint({
  method: 'PUT',
  tag: 'Entries',
  summary: 'Approve or refuse a held note',
  description:
    'Managers of the jam and administrators decide on a note the guard held for a moderator (issue 53): `approve` shows it to everyone (and tells the entry’s author), `refuse` hides it. Audited (`note.approve`, `note.refuse`); a note that is not held answers 409.',
  access: 'user',
  permission: 'jam:hide-notes',
  rateLimit: rateLimitOf('notes'),
  params: jamSlugEntryIdAndNoteId,
  body: { schema: heldNoteReviewSchema, example: { decision: 'approve' } },
  early: ({ slug }) => requireJam(slug),
  answer: {
    status: 200,
    description: 'The note.',
    schema: noteSchema,
    example: { ...exampleNote, canHide: true },
  },
  errors: [400, 401, 403, 404, 409, 429],
  handler: async ({ user, params, body, early }) => reviewHeldNote(user, await early, params.id, params.noteId, body.decision),
});
