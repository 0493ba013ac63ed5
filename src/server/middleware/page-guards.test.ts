import { describe, expect, it } from 'vitest';
import { guardFor } from './page-guards';

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
