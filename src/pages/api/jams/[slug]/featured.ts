import { featuredSchema } from '../../../../lib/schemas/jams';
import { requireUser } from '../../../../server/auth';
import { endpoint, readJson } from '../../../../server/endpoint';
import { setFeatured } from '../../../../server/jams';

export const PUT = endpoint(async (ctx) => {
  const { featured } = await readJson(ctx.request, featuredSchema);
  return setFeatured(await requireUser(ctx), ctx.params.slug!, featured);
});
