import { jamUpdateSchema } from '../../../../lib/schemas/jams';
import { currentUser, requireUser } from '../../../../server/auth';
import { endpoint, readJson } from '../../../../server/endpoint';
import { deleteJam, readJam, updateJam } from '../../../../server/jams';

export const GET = endpoint(async (ctx) => readJam(ctx.params.slug!, await currentUser(ctx)));

export const PATCH = endpoint(async (ctx) =>
  updateJam(await requireUser(ctx), ctx.params.slug!, await readJson(ctx.request, jamUpdateSchema)),
);

export const DELETE = endpoint(async (ctx) => {
  await deleteJam(await requireUser(ctx), ctx.params.slug!);
});
