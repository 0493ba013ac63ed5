import { currentUser } from '../../../../server/auth';
import { endpoint } from '../../../../server/endpoint';
import { jamViewerState } from '../../../../server/jam-viewer';

export const GET = endpoint(async (ctx) => {
  const state = await jamViewerState(ctx.params.slug!, await currentUser(ctx));
  return Response.json(state, { headers: { 'cache-control': 'private, no-store' } });
});
