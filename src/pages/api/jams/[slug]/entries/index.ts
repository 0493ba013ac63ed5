import { entryListQuerySchema, submitEntrySchema } from '../../../../../lib/schemas/entries';
import { requireUser } from '../../../../../server/auth';
import { endpoint, readJson, readQuery } from '../../../../../server/endpoint';
import { listEntries, submitEntry, submitLimiter } from '../../../../../server/entries';
import { clearSubmissions } from '../../../../../server/jams';
import { rateLimited } from '../../../../../server/rate-limit';

export const GET = endpoint(({ params, url }) => {
  const { page, perPage } = readQuery(url, entryListQuerySchema);
  return listEntries(params.slug!, page, perPage);
});

export const POST = endpoint(async (ctx) => {
  const user = await requireUser(ctx);
  const limited = rateLimited(submitLimiter, `user:${user.id}`, 'submissions');
  if (limited) return limited;
  const { url } = await readJson(ctx.request, submitEntrySchema);
  return Response.json(await submitEntry(user, ctx.params.slug!, url), { status: 201 });
});

/** Clear all submissions (administrators). */
export const DELETE = endpoint(async (ctx) => clearSubmissions(await requireUser(ctx), ctx.params.slug!));
