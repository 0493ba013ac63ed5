import { activityQuerySchema } from '../../lib/schemas/activity';
import { listActivity } from '../../server/activity';
import { requireUser } from '../../server/auth';
import { endpoint, readQuery } from '../../server/endpoint';

/** Administrators: what administrators and managers did, newest first, filtered and paged. */
export const GET = endpoint(async (ctx) => {
  const user = await requireUser(ctx);
  const list = await listActivity(user, readQuery(ctx.url, activityQuerySchema));
  return Response.json(list, { headers: { 'cache-control': 'private, no-store' } });
});
