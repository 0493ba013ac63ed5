import type { APIContext } from 'astro';
import { updateUserFlagsSchema, userIdSchema } from '../../../lib/schemas/users';
import { requireAdmin } from '../../../server/auth';
import { endpoint, readJson } from '../../../server/endpoint';
import { notFound } from '../../../server/errors';
import { deleteUser, getUser, updateUserFlags } from '../../../server/users';

function userId(ctx: APIContext): number {
  const id = userIdSchema.safeParse(ctx.params.id);
  if (!id.success) throw notFound('There is no user with this ID.');
  return id.data;
}

export const GET = endpoint(async (ctx) => {
  await requireAdmin(ctx);
  return Response.json(await getUser(userId(ctx)), { headers: { 'cache-control': 'private, no-store' } });
});

/** Admins: sets the admin and banned flags. */
export const PATCH = endpoint(async (ctx) => {
  const admin = await requireAdmin(ctx);
  return updateUserFlags(admin, userId(ctx), await readJson(ctx.request, updateUserFlagsSchema));
});

/** Admins: deletes a user and their data. */
export const DELETE = endpoint(async (ctx) => {
  const admin = await requireAdmin(ctx);
  await deleteUser(admin, userId(ctx));
});
