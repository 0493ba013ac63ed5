import { requireUser } from '../../../../server/auth';
import { endpoint } from '../../../../server/endpoint';
import { myVotes } from '../../../../server/votes';

export const GET = endpoint(async (ctx) => {
  const state = await myVotes(await requireUser(ctx), ctx.params.slug!);
  return Response.json(state, { headers: { 'cache-control': 'private, no-store' } });
});
