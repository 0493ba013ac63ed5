import { requireUser } from '../../../../../server/auth';
import { endpoint } from '../../../../../server/endpoint';
import { removeManager } from '../../../../../server/managers';

/** Removes a manager, or — when it is the caller — gives up the role. */
export const DELETE = endpoint(async (ctx) => {
  await removeManager(await requireUser(ctx), ctx.params.slug!, ctx.params.name!);
});
