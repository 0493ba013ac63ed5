/** Speaks a code host's contributors API: GET /contributors → [{ login, avatar_url, html_url, contributions }]. */
import { type RunningFake, listen, sendJson } from './http';

export const CONTRIBUTORS = [
  { login: 'pixel_pioneer', avatar_url: '/favicon.svg', html_url: 'https://example.org/pixel_pioneer', contributions: 42 },
  { login: 'sprite_smith', avatar_url: '/favicon.svg', html_url: 'https://example.org/sprite_smith', contributions: 7 },
];

export function startContributors(port = 0): Promise<RunningFake> {
  return listen((_req, res, url) => {
    if (url.pathname === '/contributors') return sendJson(res, 200, CONTRIBUTORS);
    sendJson(res, 404, { message: 'Not Found' });
  }, port);
}
