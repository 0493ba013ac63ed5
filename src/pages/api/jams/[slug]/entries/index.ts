import { entryListQuerySchema, submitEntrySchema } from '../../../../../lib/schemas/entries';
import { requireUser } from '../../../../../server/auth';
import { endpoint, readJson, readQuery } from '../../../../../server/endpoint';
import { listEntries, submitEntry } from '../../../../../server/entries';
import { clearSubmissions } from '../../../../../server/jams';

export const GET = endpoint(({ params, url }) => {
  const { page, perPage } = readQuery(url, entryListQuerySchema);
  return listEntries(params.slug!, page, perPage);
});

export const POST = endpoint(async (ctx) => {
  const user = await requireUser(ctx);
  const { url } = await readJson(ctx.request, submitEntrySchema);
  return Response.json(await submitEntry(user, ctx.params.slug!, url), { status: 201 });
});

/** Clear all submissions (administrators). */
export const DELETE = endpoint(async (ctx) => clearSubmissions(await requireUser(ctx), ctx.params.slug!));
