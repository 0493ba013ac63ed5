import { NOTE_MAX_LENGTH, NOTE_PACE_MS } from '#lib/feedback';
import { noteInputSchema, noteListQuerySchema, noteListSchema, noteSchema } from '#lib/schemas/notes';
import { defineEndpoint, jamSlugAndEntryId } from '#server/http/endpoint';
import { listNotes, postNote } from '#server/feedback/notes';
import { exampleNote, exampleNoteList } from '#server/openapi/examples';
import { requireJam } from '#server/jams/jams';
import { rateLimitOf } from '#server/http/rate-limits';

export const GET = defineEndpoint({
  method: 'GET',
  tag: 'Entries',
  summary: 'List the notes on an entry',
  description:
    'Newest first, a page at a time. Hidden notes are listed only to the jam’s managers and administrators (with `hidden`). Each note says what the caller may do with it; `mute` says until when the caller’s own notes are muted by the filter.',
  access: 'optional-session',
  params: jamSlugAndEntryId,
  query: { schema: noteListQuerySchema, notes: { page: 'The page, from 1 (a page past the last answers the last).' } },
  early: ({ slug }) => requireJam(slug),
  answer: { status: 200, description: 'A page of notes.', schema: noteListSchema, example: exampleNoteList },
  cache: 'private, no-store',
  errors: [400, 404],
  handler: async ({ user, params, query, early }) => listNotes(user, await early, params.id, query.page),
});

export const POST = defineEndpoint({
  method: 'POST',
  tag: 'Entries',
  summary: 'Leave a note on an entry',
  description: `Plain text, 1 to ${NOTE_MAX_LENGTH} characters, while the jam's \`feedback\` is \`notes\` (else 409). Before it is kept the note passes a filter like Scratch's: no links except to Scratch projects and studios, no e-mail addresses, no phone numbers (seven or more digits), no unkind words. A refused note is not stored: the answer is a 400 with code \`note_refused\` and \`rule\` (\`link\`, \`email\`, \`phone\` or \`word\`). Three refusals within ten minutes mute the writer's notes for five minutes: then every note answers 403 with code \`muted\` and \`mutedUntil\` (the refusal that starts the mute carries \`mutedUntil\` too). Like comments on Scratch, one note is kept per person every ${NOTE_PACE_MS / 1000} seconds: a note sooner (once it passes the filter) answers 429 with code \`rate_limited\`, \`retryAfter\` and \`Retry-After\`, besides the per-user rate limit. The entry's author may answer players with notes of their own.`,
  access: 'user',
  rateLimit: rateLimitOf('notes'),
  params: jamSlugAndEntryId,
  body: { schema: noteInputSchema, example: { text: 'The jump feels great! My best is 42 coins.' } },
  early: ({ slug }) => requireJam(slug),
  answer: { status: 201, description: 'The note, kept.', schema: noteSchema, example: { ...exampleNote, mine: true } },
  errors: [400, 401, 403, 404, 409, 429],
  handler: async ({ user, params, body, early }) => postNote(user, await early, params.id, body.text),
});
