import { advancedOptionsSchema } from '../../../../lib/schemas/jams';
import { requireUser } from '../../../../server/auth';
import { endpoint, readJson } from '../../../../server/endpoint';
import { setAdvancedOptions } from '../../../../server/jams';

export const PUT = endpoint(async (ctx) =>
  setAdvancedOptions(await requireUser(ctx), ctx.params.slug!, await readJson(ctx.request, advancedOptionsSchema)),
);
