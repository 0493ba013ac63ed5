import { entryIdSchema } from '../../../../../../lib/schemas/entries';
import { requireUser } from '../../../../../../server/auth';
import { endpoint } from '../../../../../../server/endpoint';
import { castVote, takeBackVote } from '../../../../../../server/votes';

export const PUT = endpoint(async (ctx) =>
  castVote(await requireUser(ctx), ctx.params.slug!, entryIdSchema.parse(ctx.params.id)),
);

export const DELETE = endpoint(async (ctx) =>
  takeBackVote(await requireUser(ctx), ctx.params.slug!, entryIdSchema.parse(ctx.params.id)),
);
