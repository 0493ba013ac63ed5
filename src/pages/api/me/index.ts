import { deleteAccountSchema } from '../../../lib/schemas/users';
import { requireUser } from '../../../server/auth';
import { dashboardFor } from '../../../server/dashboard';
import { endpoint, readJson } from '../../../server/endpoint';
import { deleteSessionTokenCookie } from '../../../server/session';
import { deleteOwnAccount } from '../../../server/users';

/** The dashboard's data: who I am and the jams I entered or manage. */
export const GET = endpoint(async (ctx) => {
  const user = await requireUser(ctx);
  return Response.json(await dashboardFor(user), { headers: { 'cache-control': 'private, no-store' } });
});

/** Deletes my account and everything of mine, then logs me out. Body: `{ name }`, my username. */
export const DELETE = endpoint(async (ctx) => {
  const user = await requireUser(ctx);
  await deleteOwnAccount(user, (await readJson(ctx.request, deleteAccountSchema)).name);
  deleteSessionTokenCookie(ctx.cookies);
});
