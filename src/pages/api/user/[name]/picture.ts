import { avatarFor } from '../../../../server/avatars';
import { endpoint } from '../../../../server/endpoint';

/** Spec §7: the user's picture, as a redirect to their Scratch avatar (or the default one). */
export const GET = endpoint(async (ctx) => {
  const { url, maxAgeSeconds } = await avatarFor(ctx.params.name ?? '');
  return new Response(null, {
    status: 302,
    headers: { location: url, 'cache-control': `public, max-age=${maxAgeSeconds}` },
  });
});
