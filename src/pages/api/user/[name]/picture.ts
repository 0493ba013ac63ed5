import { avatarFor } from '#server/users/avatars';
import { defineEndpoint, param } from '#server/http/endpoint';

/** Spec §7: the user's picture, as a redirect to their Scratch avatar (or the default one). */
export const GET = defineEndpoint({
  method: 'GET',
  tag: 'Account',
  summary: 'A user’s picture',
  access: 'public',
  params: { name: param('Scratch username.') },
  answer: {
    status: 302,
    description: 'Redirect to the Scratch avatar, or to the default picture.',
    location: 'https://cdn2.scratch.mit.edu/get_image/user/…_90x90.png',
  },
  handler: async ({ params }) => {
    const { url, maxAgeSeconds } = await avatarFor(params.name);
    return new Response(null, { status: 302, headers: { location: url, 'cache-control': `public, max-age=${maxAgeSeconds}` } });
  },
});
