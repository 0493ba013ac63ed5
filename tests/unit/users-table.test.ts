import { describe, expect, it } from 'vitest';
import { userListQuerySchema } from '#lib/schemas/users';
import { ALL_ROWS, type DataTableQuery } from '#lib/table/columns';
import { USER_TABLE_COLUMNS, userListParameters } from '#lib/table/users';

const query = (extra: Partial<DataTableQuery> = {}): DataTableQuery => ({
  page: 1,
  pageSize: 10,
  sort: [{ field: 'name', type: 'asc' }],
  filters: {},
  search: '',
  ...extra,
});

/** What the API reads from the parameters, as the query string carries them (all text). */
const parsed = (parameters: Record<string, string | number | undefined>) =>
  userListQuerySchema.parse(
    Object.fromEntries(
      Object.entries(parameters)
        .filter(([, value]) => value !== undefined)
        .map(([key, value]) => [key, String(value)]),
    ),
  );

describe('the users table asks GET /api/users for what it shows', () => {
  it('asks for one page of the chosen size, or everyone only when All is chosen', () => {
    expect(userListParameters(query())).toEqual({ page: 1, perPage: 10, sort: 'name:asc', q: undefined });
    expect(userListParameters(query({ page: 3, pageSize: 20 }))).toMatchObject({ page: 3, perPage: 20 });
    expect(userListParameters(query({ page: 3, pageSize: ALL_ROWS }))).toMatchObject({ page: 1, perPage: 'all' });
  });

  it('maps each sorted column to its API field, the first rule first, and leaves out columns the API cannot sort', () => {
    const sort = [
      { field: 'isAdmin', type: 'desc' },
      { field: 'actions', type: 'asc' },
      { field: 'updatedBy', type: 'asc' },
      { field: 'constructor', type: 'asc' },
    ] as const;
    expect(userListParameters(query({ sort: [...sort] })).sort).toBe('isAdmin:desc,updatedBy:asc');
    expect(userListParameters(query({ sort: [] })).sort).toBeUndefined();
  });

  it('maps column filters and the search to the API parameters, dropping empty ones', () => {
    const parameters = userListParameters(
      query({
        filters: {
          name: ' pix ',
          id: '12',
          isAdmin: 'true',
          isBanned: 'false',
          updatedBy: 'demo',
          actions: 'x',
          updatedAt: '2025',
        },
        search: 'loop',
      }),
    );
    expect(parameters).toEqual({
      page: 1,
      perPage: 10,
      sort: 'name:asc',
      q: 'loop',
      name: 'pix',
      id: '12',
      isAdmin: 'true',
      isBanned: 'false',
      updatedBy: 'demo',
    });
    expect(userListParameters(query({ filters: { name: '   ' }, search: '  ' }))).toMatchObject({
      name: undefined,
      q: undefined,
    });
  });

  it('only ever makes queries the API accepts', () => {
    const long = 'x'.repeat(500);
    for (const field of Object.keys(USER_TABLE_COLUMNS)) {
      for (const type of ['asc', 'desc'] as const) {
        expect(() => parsed(userListParameters(query({ sort: [{ field, type }] })))).not.toThrow();
      }
    }
    for (const pageSize of [10, 20, 30, 40, 50, ALL_ROWS]) {
      expect(parsed(userListParameters(query({ pageSize, page: 2 })))).toMatchObject({ perPage: pageSize });
    }
    const answer = parsed(
      userListParameters(query({ filters: { name: long, id: long, updatedBy: long, isAdmin: 'false' }, search: long })),
    );
    expect(answer).toMatchObject({ name: 'x'.repeat(100), id: 'x'.repeat(100), q: 'x'.repeat(100), isAdmin: false });
  });
});
