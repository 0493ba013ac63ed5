import { entryIdSchema } from '../../../../../../lib/schemas/entries';
import { requireUser } from '../../../../../../server/auth';
import { endpoint } from '../../../../../../server/endpoint';
import { removeEntry } from '../../../../../../server/entries';

export const DELETE = endpoint(async (ctx) => {
  await removeEntry(await requireUser(ctx), ctx.params.slug!, entryIdSchema.parse(ctx.params.id));
});
