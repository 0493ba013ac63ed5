import { noteHiddenSchema, noteSchema } from '#lib/schemas/notes';
import { defineEndpoint, jamSlugEntryIdAndNoteId } from '#server/http/endpoint';
import { setNoteHidden } from '#server/feedback/notes';
import { exampleNote } from '#server/openapi/examples';
import { requireJam } from '#server/jams/jams';
import { rateLimitOf } from '#server/http/rate-limits';

export const PUT = defineEndpoint({
  method: 'PUT',
  tag: 'Entries',
  summary: 'Hide or show a note',
  description:
    'Managers of the jam and administrators hide a note from everyone but themselves, or show it again. Setting the state it already has changes nothing; a change is audited (`note.hide`, `note.unhide`).',
  access: 'user',
  permission: 'jam:hide-notes',
  rateLimit: rateLimitOf('notes'),
  params: jamSlugEntryIdAndNoteId,
  body: { schema: noteHiddenSchema, example: { hidden: true } },
  early: ({ slug }) => requireJam(slug),
  answer: {
    status: 200,
    description: 'The note.',
    schema: noteSchema,
    example: { ...exampleNote, canHide: true, hidden: true },
  },
  errors: [400, 401, 403, 404, 429],
  handler: async ({ user, params, body, early }) => setNoteHidden(user, await early, params.id, params.noteId, body.hidden),
});
