import { defineEndpoint, jamSlugEntryIdAndNoteId } from '#server/http/endpoint';
import { deleteNote } from '#server/feedback/notes';
import { requireJam } from '#server/jams/jams';
import { rateLimitOf } from '#server/http/rate-limits';

export const DELETE = defineEndpoint({
  method: 'DELETE',
  tag: 'Entries',
  summary: 'Delete a note',
  description:
    'The note’s writer and the entry’s author may delete it; managers and administrators hide notes instead (PUT …/hidden). A note that is already gone answers 404.',
  access: 'user',
  permission: 'note:delete',
  rateLimit: rateLimitOf('notes'),
  params: jamSlugEntryIdAndNoteId,
  early: ({ slug }) => requireJam(slug),
  answer: { status: 204, description: 'Deleted.' },
  errors: [400, 401, 403, 404, 429],
  handler: async ({ user, params, early }) => deleteNote(user, await early, params.id, params.noteId),
});
