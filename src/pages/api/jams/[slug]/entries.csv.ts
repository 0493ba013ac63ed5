import { stringify } from 'csv-stringify/sync';
import { scratchProjectUrl } from '#lib/scratch-url';
import { answerCells } from '#lib/questions';
import { defineEndpoint, jamSlug } from '#server/http/endpoint';
import { entriesForExport } from '#server/entries/entries';
import { requireJam } from '#server/jams/jams';
import { requireJamPermission } from '#server/auth/permissions';
import { readTogether } from '#server/platform/named';

/** All entries of a jam as CSV, for its managers and administrators. */
export const GET = defineEndpoint({
  method: 'GET',
  tag: 'Entries',
  summary: 'Download all entries as CSV',
  access: 'manager',
  params: jamSlug,
  early: ({ slug }) => requireJam(slug),
  answer: {
    status: 200,
    description:
      'Columns id, title, author, url, submitted_at, votes, winner, late, then one column per submission question (its prompt; private ones too): yes/no, the text or the choice, empty when unanswered.',
    contentType: 'text/csv',
    example:
      'id,title,author,url,submitted_at,votes,winner,late,I made all the art myself\n31,Orbit Runner,sprite_smith,https://scratch.mit.edu/projects/900000101/,2025-03-02T11:00:00.000Z,5,yes,no,yes\n',
  },
  errors: [401, 403, 404],
  handler: async ({ user, early }) => {
    const jam = await early;
    // Read beside the permission check (one round trip); a refusal answers before anything is sent.
    const { exported } = await readTogether({
      allowed: requireJamPermission(user, jam.id, 'jam:download-entries'),
      exported: entriesForExport(jam),
    });
    const rows = exported.map((entry) => [
      entry.id,
      entry.title,
      entry.authorName,
      scratchProjectUrl(entry.scratchId),
      entry.submittedAt.toISOString(),
      entry.votes,
      entry.isWinner ? 'yes' : 'no',
      entry.late ? 'yes' : 'no',
      ...answerCells(jam.questions, entry.answers),
    ]);
    const header = [
      'id',
      'title',
      'author',
      'url',
      'submitted_at',
      'votes',
      'winner',
      'late',
      ...jam.questions.map((q) => q.prompt),
    ];
    const csv = stringify([header, ...rows], {
      cast: { string: (value) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value) },
    });
    return new Response(csv, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${jam.slug}-entries.csv"`,
        'cache-control': 'private, no-store',
      },
    });
  },
});
