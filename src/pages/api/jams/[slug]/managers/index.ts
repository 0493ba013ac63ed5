import { addManagerSchema } from '../../../../../lib/schemas/jams';
import { requireUser } from '../../../../../server/auth';
import { endpoint, readJson } from '../../../../../server/endpoint';
import { addManager, listManagers } from '../../../../../server/managers';
import { requireJam } from '../../../../../server/jams';
import { requireJamPermission } from '../../../../../server/permissions';

export const GET = endpoint(async (ctx) => {
  const user = await requireUser(ctx);
  const jam = await requireJam(ctx.params.slug!);
  await requireJamPermission(user, jam.id, 'jam:manage-managers');
  return { managers: await listManagers(jam.slug) };
});

export const POST = endpoint(async (ctx) => {
  const { name } = await readJson(ctx.request, addManagerSchema);
  const manager = await addManager(await requireUser(ctx), ctx.params.slug!, name);
  return Response.json(manager, { status: 201 });
});
