import { jamActivityQuerySchema } from '../../../../lib/schemas/activity';
import { listJamActivity } from '../../../../server/activity';
import { requireUser } from '../../../../server/auth';
import { endpoint, readQuery } from '../../../../server/endpoint';
import { requireJam } from '../../../../server/jams';

/** The jam's managers and administrators: what happened to this jam, newest first. */
export const GET = endpoint(async (ctx) => {
  const user = await requireUser(ctx);
  const jam = await requireJam(ctx.params.slug!);
  const list = await listJamActivity(user, jam, readQuery(ctx.url, jamActivityQuerySchema));
  return Response.json(list, { headers: { 'cache-control': 'private, no-store' } });
});
