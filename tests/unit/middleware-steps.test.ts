/**
 * The Node host answers cached pages before Astro, skipping the middleware. It may only do so where
 * the middleware would have answered from the cache and changed nothing: one function says where
 * (mayAnswerFromPageCache, asked by both), and every middleware step says why skipping it is safe.
 */
import { describe, expect, it } from 'vitest';
import { SKIPPED_STEPS_ARE_SAFE, mayAnswerFromPageCache } from '#server/middleware/page-cache-decision';
import { HSTS, withSecurityHeaders } from '#server/middleware/security-headers';
import { MIDDLEWARE_STEPS } from '#server/middleware/steps';

const ask = (pathname: string, extra: Partial<Parameters<typeof mayAnswerFromPageCache>[0]> = {}) =>
  mayAnswerFromPageCache({ method: 'GET', pathname, cookie: null, acceptLanguage: null, ...extra });

describe("the middleware's steps and the page cache's fast path", () => {
  it('every middleware step says why the fast path may skip it, and no reason names a step that is gone', () => {
    expect(MIDDLEWARE_STEPS.map((step) => step.name)).toEqual(Object.keys(SKIPPED_STEPS_ARE_SAFE));
  });

  it('the security headers come first, the page cache last', () => {
    expect(MIDDLEWARE_STEPS[0]!.name).toBe('security-headers');
    expect(MIDDLEWARE_STEPS.at(-1)!.name).toBe('page-cache');
  });

  it('public pages read with GET or HEAD may be answered from the cache', () => {
    expect(ask('/explore')).toBe(true);
    expect(ask('/hu/jams/winter-mystery-jam')).toBe(true);
    expect(ask('/explore', { method: 'HEAD' })).toBe(true);
  });

  it('writes, guarded pages and public API reads (which carry CORS headers) never are', () => {
    expect(ask('/explore', { method: 'POST' })).toBe(false);
    expect(ask('/dashboard')).toBe(false);
    expect(ask('/hu/dashboard/users')).toBe(false);
    expect(ask('/api/jams')).toBe(false);
    expect(ask('/rss.xml')).toBe(false);
  });

  it('`/` only for visitors the middleware would not send to their language', () => {
    expect(ask('/', { acceptLanguage: 'en-GB,en;q=0.9' })).toBe(true);
    expect(ask('/', { acceptLanguage: 'hu-HU,hu;q=0.9' })).toBe(false);
    expect(ask('/', { cookie: 'itinerary-locale=ir' })).toBe(false);
  });
});

describe('the security headers step', () => {
  it('adds the headers every answer carries, keeping a policy the page set itself', async () => {
    const response = await withSecurityHeaders(
      async () => new Response('hi', { headers: { 'content-security-policy': "default-src 'self'" } }),
    );
    expect(response.headers.get('content-security-policy')).toBe("default-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('strict-transport-security')).toBeNull(); // the test site is http
    expect(HSTS).toBe('max-age=31536000');
  });

  it('sets them on a redirect, whose headers cannot be changed in place', async () => {
    const response = await withSecurityHeaders(async () => Response.redirect('http://localhost:4321/explore', 302));
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('http://localhost:4321/explore');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});
