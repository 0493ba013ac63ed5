/**
 * The admin users table in server mode (/dashboard/users): its column ids, and the sort field and
 * filter parameter each one is to GET /api/users (userListQuerySchema), in one place.
 */
import type { UserListQueryInput, UserSortField } from '#lib/schemas/users';
import { ALL_ROWS, type DataTableQuery } from './columns';

type UserFilter = keyof Pick<UserListQueryInput, 'name' | 'id' | 'updatedBy' | 'isAdmin' | 'isBanned'>;

interface ColumnMapping {
  sort: UserSortField;
  filter?: UserFilter;
}

/** Column id → what the API sorts by and which parameter filters it. Columns not here (actions) do neither. */
export const USER_TABLE_COLUMNS = {
  name: { sort: 'name', filter: 'name' },
  id: { sort: 'id', filter: 'id' },
  isAdmin: { sort: 'isAdmin', filter: 'isAdmin' },
  isBanned: { sort: 'isBanned', filter: 'isBanned' },
  updatedAt: { sort: 'updatedAt' },
  updatedBy: { sort: 'updatedBy', filter: 'updatedBy' },
} as const satisfies Record<string, ColumnMapping>;

export type UserTableColumnId = keyof typeof USER_TABLE_COLUMNS;

/** The longest text filter the API takes; longer text matches no Scratch username anyway. */
const MAX_FILTER_LENGTH = 100;

const columnOf = (id: string): ColumnMapping | undefined =>
  Object.hasOwn(USER_TABLE_COLUMNS, id) ? USER_TABLE_COLUMNS[id as UserTableColumnId] : undefined;

/** The query string of GET /api/users for what the table shows: that page only, sorted and filtered there. */
export function userListParameters(query: DataTableQuery): Record<string, string | number | undefined> {
  const sort = query.sort.flatMap((rule) => {
    const field = columnOf(rule.field)?.sort;
    return field ? [`${field}:${rule.type}`] : [];
  });
  const text = (value: string) => value.trim().slice(0, MAX_FILTER_LENGTH) || undefined;
  const parameters: Record<string, string | number | undefined> = {
    page: query.pageSize === ALL_ROWS ? 1 : Math.max(1, Math.floor(query.page)),
    perPage: query.pageSize === ALL_ROWS ? 'all' : query.pageSize,
    sort: sort.length > 0 ? sort.join(',') : undefined,
    q: text(query.search),
  };
  for (const [id, value] of Object.entries(query.filters)) {
    const filter = columnOf(id)?.filter;
    if (filter) parameters[filter] = text(value);
  }
  return parameters;
}
