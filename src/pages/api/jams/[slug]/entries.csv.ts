import { stringify } from 'csv-stringify/sync';
import { requireUser } from '../../../../server/auth';
import { endpoint } from '../../../../server/endpoint';
import { entriesForExport } from '../../../../server/entries';
import { requireJam } from '../../../../server/jams';
import { requireJamPermission } from '../../../../server/permissions';
import { scratchProjectUrl } from '../../../../lib/scratch-url';

/** All entries of a jam as CSV, for its managers and administrators. */
export const GET = endpoint(async (ctx) => {
  const user = await requireUser(ctx);
  const jam = await requireJam(ctx.params.slug!);
  await requireJamPermission(user, jam.id, 'jam:download-entries');
  const rows = (await entriesForExport(jam)).map((entry) => [
    entry.id,
    entry.title,
    entry.authorName,
    scratchProjectUrl(entry.scratchId),
    entry.submittedAt.toISOString(),
    entry.votes,
    entry.isWinner ? 'yes' : 'no',
  ]);
  const csv = stringify([['id', 'title', 'author', 'url', 'submitted_at', 'votes', 'winner'], ...rows], {
    cast: { string: (value) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value) },
  });
  return new Response(csv, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${jam.slug}-entries.csv"`,
      'cache-control': 'private, no-store',
    },
  });
});
