import { z } from 'zod';
import { SB3_MAX_BYTES } from '#lib/jam-version';
import { jamVersionSchema } from '#lib/schemas/jam-version';
import { defineEndpoint, jamSlugAndEntryId } from '#server/http/endpoint';
import { readVisibleJamVersion, uploadJamVersion } from '#server/entries/jam-version';
import { SB3_TOO_LARGE_MESSAGE } from '#server/entries/jam-version-check';
import { rateLimitOf } from '#server/http/rate-limits';
import { requireJam } from '#server/jams/jams';
import { exampleJamVersion } from '#server/openapi/jam-version-examples';

export const GET = defineEndpoint({
  method: 'GET',
  tag: 'Entries',
  summary: "Read an entry's jam version",
  description:
    'The `.sb3` the entry’s makers uploaded as the game stood at the deadline (ADR 050): when, by whom, its size and SHA-256, where to download it, and whether the project on Scratch changed after the deadline. A 404 when the entry has none (or is hidden from you, ADR 041).',
  access: 'optional-session',
  params: jamSlugAndEntryId,
  early: ({ slug }) => requireJam(slug),
  answer: { status: 200, description: 'The jam version.', schema: jamVersionSchema, example: exampleJamVersion },
  cache: 'private, no-cache',
  errors: [400, 404],
  handler: async ({ user, params, early }) => readVisibleJamVersion(user, await early, params.id),
});

export const PUT = defineEndpoint({
  method: 'PUT',
  tag: 'Entries',
  summary: "Upload an entry's jam version",
  description: `A maker of the entry (its submitter or an accepted co-creator) uploads the project as it stands, the \`.sb3\` that the Scratch editor's File → Save to your computer makes, as the request body (\`application/x.scratch.sb3\`; ADR 050). It replaces the previous upload while the jam takes submissions (or inside your late window: the entry is then marked late); after the deadline it is frozen (409), and in a jam that takes none it is a 409 too. The file is checked without trusting it, and each refusal is a 400 naming the problem: at most ${SB3_MAX_BYTES / 1024 / 1024} MB, a zip of at most 1000 files and 50 MB unpacked, none growing more than 100 times, no folders or paths; project.json at most 5 MB, a Scratch 3 project whose costumes and sounds (at most 10 MB each) are all in the zip, with no extensions but pen, music and Makey Makey. The texts inside are kept as they are; the entry's title and notes still come from Scratch.`,
  access: 'user',
  rateLimit: rateLimitOf('jam-versions'),
  params: jamSlugAndEntryId,
  early: ({ slug }) => requireJam(slug),
  body: {
    schema: z.instanceof(Uint8Array),
    example: new Uint8Array(),
    binary: { contentType: 'application/x.scratch.sb3', maxBytes: SB3_MAX_BYTES, tooLargeMessage: SB3_TOO_LARGE_MESSAGE },
  },
  answer: { status: 200, description: 'The jam version as kept.', schema: jamVersionSchema, example: exampleJamVersion },
  errors: [400, 401, 403, 404, 409, 429],
  handler: async ({ user, params, body, early }) => uploadJamVersion(user, await early, params.id, body),
});
