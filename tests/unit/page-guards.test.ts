import { describe, expect, it, vi } from 'vitest';
import { guardFor, guardRoute } from '#server/middleware/page-guards';

describe('which guard a page has', () => {
  it.each([
    ['/dashboard', 'isAuthenticated'],
    ['/dashboard/', 'isAuthenticated'],
    ['/dashboard/anything/below', 'isAuthenticated'],
    ['/dashboard/users', 'isAdmin'],
    ['/dashboard/users/', 'isAdmin'],
    ['/jams/new', 'isAuthenticated'],
    ['/jams/new/', 'isAuthenticated'],
    ['/jams/request', 'isAuthenticated'],
    ['/dashboard/jam-requests', 'isAdmin'],
    ['/dashboard/filter', 'isAdmin'],
    ['/dashboard/reports', 'isAdmin'],
    ['/login', 'isNotAuthenticated'],
    ['/confirm-login', 'isNotAuthenticated'],
    ['/', null],
    ['/jams/newest-jam', null],
    ['/dashboards', null],
    ['/loginx', null],
  ])('%s → %s', (path, guard) => {
    expect(guardFor(path)).toBe(guard);
  });
});

describe('what a guard does with the person asking', () => {
  const person = (name: string, flags: { isAdmin?: boolean; isBanned?: boolean } = {}) => ({
    session: { id: 's', userId: 1, expiresAt: new Date() },
    user: { id: 1, name, isAdmin: false, isBanned: false, updatedAt: new Date(), updatedBy: null, ...flags },
    renewed: false,
  });
  const visit = async (path: string, validation: ReturnType<typeof person> | null) => {
    const locals = { locale: 'en', session: async () => validation } as unknown as App.Locals;
    const response = await guardRoute({ url: new URL(`http://localhost${path}`), locals });
    return response ? response.headers.get('location') : 'rendered';
  };

  it.each([
    ['/dashboard/users', 'a visitor', null, '/'],
    ['/dashboard/users', 'a user', person('pat'), '/'],
    ['/dashboard/users', 'a banned administrator', person('ada', { isAdmin: true, isBanned: true }), '/'],
    ['/dashboard/users', 'an administrator', person('ada', { isAdmin: true }), 'rendered'],
    ['/dashboard', 'a visitor', null, '/login'],
    ['/dashboard', 'a banned user', person('bo', { isBanned: true }), '/banned/bo'],
    ['/dashboard', 'a user', person('pat'), 'rendered'],
    ['/login', 'a user', person('pat'), '/'],
    ['/login', 'a banned user', person('bo', { isBanned: true }), 'rendered'],
    ['/login', 'a visitor', null, 'rendered'],
  ] as const)('%s, %s → %s', async (path, _who, validation, outcome) => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await visit(path, validation)).toBe(outcome);
  });
});
