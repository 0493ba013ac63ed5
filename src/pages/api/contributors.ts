import { endpoint } from '../../server/endpoint';
import { listContributors } from '../../server/contributors';

/** GET /api/contributors → { contributors: [{ name, avatarUrl, profileUrl, contributions }] } */
export const GET = endpoint(async () => {
  const contributors = await listContributors();
  return Response.json({ contributors }, { headers: { 'cache-control': 'public, max-age=300' } });
});
