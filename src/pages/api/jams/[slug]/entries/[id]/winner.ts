import { entryIdSchema } from '../../../../../../lib/schemas/entries';
import { requireUser } from '../../../../../../server/auth';
import { endpoint } from '../../../../../../server/endpoint';
import { revokeWinner, selectWinner } from '../../../../../../server/winners';

export const PUT = endpoint(async (ctx) =>
  selectWinner(await requireUser(ctx), ctx.params.slug!, entryIdSchema.parse(ctx.params.id)),
);

export const DELETE = endpoint(async (ctx) =>
  revokeWinner(await requireUser(ctx), ctx.params.slug!, entryIdSchema.parse(ctx.params.id)),
);
