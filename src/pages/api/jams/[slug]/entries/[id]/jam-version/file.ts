import { defineEndpoint, jamSlugAndEntryId } from '#server/http/endpoint';
import { readJamVersionFile } from '#server/entries/jam-version';
import { notFound } from '#server/platform/errors';
import { requireJam } from '#server/jams/jams';

export const GET = defineEndpoint({
  method: 'GET',
  tag: 'Entries',
  summary: "Download an entry's jam version",
  description:
    'The `.sb3` itself, as kept (zipped again from the checked files; ADR 050). The player on the entry page reads it here. Its `ETag` is the SHA-256: a request with `If-None-Match` answers 304 while it is unchanged.',
  access: 'optional-session',
  params: jamSlugAndEntryId,
  early: ({ slug }) => requireJam(slug),
  answer: {
    status: 200,
    description: 'The `.sb3` file.',
    contentType: 'application/x.scratch.sb3',
    also: [{ status: 304, description: 'Unchanged since the `ETag` you sent.' }],
  },
  errors: [400, 404],
  handler: async ({ ctx, user, params, early }) => {
    const file = await readJamVersionFile(user, await early, params.id);
    const etag = `"${file.sha256}"`;
    const headers = {
      etag,
      // Hidden entries (ADR 041) are their team's and the managers' alone: no shared cache keeps a copy.
      'cache-control': 'private, no-cache',
      'x-content-type-options': 'nosniff',
    };
    if (ctx.request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
    if (!file.bytes) throw notFound('The jam version’s file is missing from the file store.');
    return new Response(file.bytes as Uint8Array<ArrayBuffer>, {
      status: 200,
      headers: {
        ...headers,
        'content-type': 'application/x.scratch.sb3',
        'content-length': String(file.bytes.byteLength),
        'content-disposition': `attachment; filename="entry-${params.id}.sb3"`,
      },
    });
  },
});
