import { expect, test } from './fixtures';

const PAGES = [
  { what: 'a server-rendered HTML page', path: '/explore' },
  { what: 'an API answer', path: '/api/jams' },
  { what: 'a prerendered page', path: '/about' },
];

for (const { what, path } of PAGES) {
  test(`the security headers are on ${what} (${path})`, async ({ request }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const headers = response.headers();
    // Soft: a failure lists every header that is missing, not only the first.
    expect.soft(headers['content-security-policy'], 'content-security-policy').toContain("frame-ancestors 'none'");
    expect.soft(headers['x-content-type-options'], 'x-content-type-options').toBe('nosniff');
    expect.soft(headers['referrer-policy'], 'referrer-policy').toBeTruthy();
    expect.soft(headers['x-frame-options'], 'x-frame-options').toBe('DENY');
  });
}
