import { createUserSchema, userListQuerySchema } from '../../../lib/schemas/users';
import { requireAdmin } from '../../../server/auth';
import { endpoint, readJson, readQuery } from '../../../server/endpoint';
import { createUser, listUsers } from '../../../server/users';

/** Admins: every user, paged, sorted and filtered by the database. */
export const GET = endpoint(async (ctx) => {
  await requireAdmin(ctx);
  const list = await listUsers(readQuery(ctx.url, userListQuerySchema));
  return Response.json(list, { headers: { 'cache-control': 'private, no-store' } });
});

/** Admins: adds a Scratcher by username (201 when an account was created, 200 when it existed). */
export const POST = endpoint(async (ctx) => {
  const admin = await requireAdmin(ctx);
  const result = await createUser(admin, (await readJson(ctx.request, createUserSchema)).name);
  return Response.json(result, {
    status: result.created ? 201 : 200,
    headers: { location: `/api/users/${result.user.id}` },
  });
});
