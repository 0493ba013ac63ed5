import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Environment, type TestUser, startEnvironment } from '../helpers/environment';

/**
 * Spec §6 guards, as a table: who visits which page and where they end up. `stays` means the
 * guard lets the request through (the page answers itself — 200, or 404 while it is not built),
 * so pages added later need no change here.
 */
type Visitor = 'anonymous' | 'staleToken' | 'user' | 'banned' | 'admin' | 'bannedAdmin';
type Outcome = 'stays' | '/login' | '/' | 'banned';

const IS_AUTHENTICATED: Record<Visitor, Outcome> = {
  anonymous: '/login',
  staleToken: '/login',
  user: 'stays',
  banned: 'banned',
  admin: 'stays',
  bannedAdmin: 'banned',
};
const IS_ADMIN: Record<Visitor, Outcome> = {
  anonymous: '/',
  staleToken: '/',
  user: '/',
  banned: '/',
  admin: 'stays',
  bannedAdmin: '/',
};
const IS_NOT_AUTHENTICATED: Record<Visitor, Outcome> = {
  anonymous: 'stays',
  staleToken: 'stays',
  user: '/',
  banned: 'stays',
  admin: '/',
  bannedAdmin: 'stays',
};
const UNGUARDED: Record<Visitor, Outcome> = {
  anonymous: 'stays',
  staleToken: 'stays',
  user: 'stays',
  banned: 'stays',
  admin: 'stays',
  bannedAdmin: 'stays',
};

const PAGES: Array<[string, Record<Visitor, Outcome>]> = [
  ['/dashboard', IS_AUTHENTICATED],
  ['/dashboard/', IS_AUTHENTICATED],
  ['/dashboard/settings', IS_AUTHENTICATED],
  ['/jams/new', IS_AUTHENTICATED],
  ['/notifications', IS_AUTHENTICATED],
  ['/jams/new/', IS_AUTHENTICATED],
  ['/dashboard/users', IS_ADMIN],
  ['/login', IS_NOT_AUTHENTICATED],
  ['/confirm-login', IS_NOT_AUTHENTICATED],
  ['/', UNGUARDED],
  ['/explore', UNGUARDED],
  ['/jams/newcomers-jam', UNGUARDED],
];
const LOCALES = ['', '/hu', '/ir'];

let env: Environment;
const visitors = {} as Record<Visitor, TestUser | null>;

beforeAll(async () => {
  env = await startEnvironment();
  visitors.anonymous = null;
  visitors.user = await env.login('guard_user');
  visitors.banned = await env.login('guard_banned', { isBanned: true });
  visitors.admin = await env.login('guard_admin', { isAdmin: true });
  visitors.bannedAdmin = await env.login('guard_banned_admin', { isAdmin: true, isBanned: true });
  const stale = await env.login('guard_stale');
  await env.request(`/api/auth/remove?token=${stale.token}`, { method: 'POST' });
  visitors.staleToken = stale;
});
afterAll(() => env?.close());

const expectedLocation = (locale: string, outcome: Outcome, visitor: Visitor) => {
  const path = outcome === 'banned' ? `/banned/${visitors[visitor]!.name}` : outcome;
  if (!locale) return path;
  return path === '/' ? locale : `${locale}${path}`;
};

const cases = PAGES.flatMap(([page, table]) =>
  LOCALES.flatMap((locale) =>
    (Object.keys(table) as Visitor[]).map((visitor) => ({
      url: `${locale}${page === '/' && locale ? '' : page}`,
      locale,
      visitor,
      outcome: table[visitor],
    })),
  ),
);

describe('page guards', () => {
  it.each(cases)('$visitor visiting $url: $outcome', async ({ url, locale, visitor, outcome }) => {
    const reply = await env.request(url, { as: visitors[visitor] });
    if (outcome === 'stays') {
      expect([200, 404]).toContain(reply.status);
    } else {
      expect(reply.status).toBe(302);
      expect(reply.headers.get('location')).toBe(expectedLocation(locale, outcome, visitor));
    }
  });

  it('logs a console warning for each redirect', async () => {
    // The server's output reaches this process through a pipe, which may deliver after the answer.
    await env.request('/hu/dashboard');
    await expect.poll(() => env.app.logs()).toContain('isAuthenticated: /hu/dashboard → /hu/login (not logged in)');
    await env.request('/dashboard/users', { as: visitors.user });
    await expect.poll(() => env.app.logs()).toContain('isAdmin: /dashboard/users → / (guard_user is not an administrator)');
  });
});

describe('the banned page', () => {
  it('shows the banned message for a banned user, in the visitor’s language', async () => {
    const english = await env.request('/banned/guard_banned');
    expect(english.status).toBe(200);
    expect(english.body).toContain('You are banned from Itinerary! You can still continue to use the website logged out.');
    const hungarian = await env.request('/hu/banned/guard_banned');
    expect(hungarian.body).toContain('Ki vagy tiltva az Itineraryból!');
  });

  it('does not exist for users who are not banned', async () => {
    expect((await env.request('/banned/guard_user')).status).toBe(404);
    expect((await env.request('/banned/nobody_at_all')).status).toBe(404);
  });
});
