import { jamCreateSchema, jamListQuerySchema } from '../../../lib/schemas/jams';
import { requireUser } from '../../../server/auth';
import { endpoint, readJson, readQuery } from '../../../server/endpoint';
import { createJam, listJams } from '../../../server/jams';

export const GET = endpoint(({ url }) => listJams(readQuery(url, jamListQuerySchema)));

export const POST = endpoint(async (ctx) => {
  const user = await requireUser(ctx);
  const jam = await createJam(user, await readJson(ctx.request, jamCreateSchema));
  return Response.json(jam, { status: 201, headers: { location: `/api/jams/${jam.slug}` } });
});
