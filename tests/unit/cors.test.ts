import { describe, expect, it } from 'vitest';
import { isPublicRead, withPublicCors } from '#server/middleware/cors';

const call = (method: string, path: string) =>
  withPublicCors(
    { request: new Request(`http://site.test${path}`, { method }), url: new URL(`http://site.test${path}`) },
    async () => Response.json({ ok: true }, { headers: { 'cache-control': 'public, max-age=60' } }),
  );

describe('CORS for public reads', () => {
  it.each([
    '/api/jams',
    '/api/jams/',
    '/api/jams/space-sprint-jam',
    '/api/jams/space-sprint-jam/entries',
    '/api/jams/space-sprint-jam/winners',
    '/api/openapi.json',
    '/rss.xml',
    '/hu/feed.json',
    '/ir/calendar.ics',
    '/jams/space-sprint-jam.ics',
    '/hu/jams/space-sprint-jam.ics',
  ])('treats %s as a public read', (path) => expect(isPublicRead(path)).toBe(true));

  it.each([
    '/api/jams/x/viewer',
    '/api/jams/x/my-votes',
    '/api/jams/x/managers',
    '/api/jams/x/entries.csv',
    '/api/jams/x/entries/1/vote',
    '/api/auth/me',
    '/api/me',
    '/api/users',
    '/jams/space-sprint-jam',
    '/sitemap.xml',
  ])('keeps %s to this site', (path) => expect(isPublicRead(path)).toBe(false));

  it('opens GET and HEAD answers to every origin and keeps their other headers', async () => {
    for (const method of ['GET', 'HEAD']) {
      const response = await call(method, '/api/jams');
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    }
  });

  it('never opens a write, even to an address that is public to read', async () => {
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE']) {
      expect((await call(method, '/api/jams/x')).headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('answers the preflight itself, allowing only reads', async () => {
    const response = await call('OPTIONS', '/api/jams/x/entries');
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
    expect((await call('OPTIONS', '/api/auth/me')).headers.get('access-control-allow-origin')).toBeNull();
  });
});
