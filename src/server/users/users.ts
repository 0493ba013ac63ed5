/**
 * Users and the admin tools (spec §2 Dashboard, §4 User flags, §6 Administrator): the user list,
 * creating a user by username, the admin and banned flags, deleting a user and their data, and
 * deleting one's own account. Every change stamps updatedAt/updatedBy and writes the audit log
 * in the same transaction.
 */
import { type SQL, and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { type User, entries, loginTokens, sessions, users, votes } from '#db/schema';
import {
  ALL_USERS,
  type AdminUserDto,
  type CreateUserResultDto,
  type UpdateUserFlags,
  type UserListDto,
  type UserListQuery,
  type UserSortField,
} from '#lib/schemas/users';
import { recordAudit } from '#server/activity/audit';
import { announceChange } from '#server/cache/changes';
import { type Database, containsText, db } from '#server/platform/db';
import { badRequest, conflict, notFound } from '#server/http/errors';
import { keptPage, onKeptPage } from '#server/platform/sql-pages';
import { fetchScratchUser } from '#server/platform/scratch';
import type { SessionUser } from '#server/auth/session';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type Reader = Pick<Database, 'select'>;

export const LAST_ADMIN_MESSAGE = 'Itinerary needs at least one administrator. Make someone else an administrator first.';

export async function findUserByName(name: string, database?: Pick<Database, 'query'>): Promise<User | undefined> {
  const conn = database ?? db();
  return conn.query.users.findFirst({ where: eq(sql`lower(${users.name})`, name.toLowerCase()) });
}

/** Makes sure every named user exists and is an administrator (ITINERARY_ADMINS at start). */
export async function ensureAdmins(names: readonly string[], database?: Database): Promise<void> {
  const conn = database ?? db();
  for (const name of names) {
    await conn
      .insert(users)
      .values({ name, isAdmin: true })
      .onConflictDoUpdate({
        target: sql`lower(${users.name})`,
        set: { isAdmin: true, updatedAt: new Date() },
      });
  }
}

const updater = alias(users, 'updater');

const SORT_COLUMNS: Record<UserSortField, SQL> = {
  name: sql`${users.name} collate nocase`,
  id: sql`${users.id}`,
  isAdmin: sql`${users.isAdmin}`,
  isBanned: sql`${users.isBanned}`,
  createdAt: sql`${users.createdAt}`,
  updatedAt: sql`${users.updatedAt}`,
  updatedBy: sql`${updater.name} collate nocase`,
};

function listConditions(query: UserListQuery): SQL | undefined {
  const { q } = query;
  return and(
    q
      ? sql`(${containsText(users.name, q)} OR ${containsText(sql`${updater.name}`, q)} OR cast(${users.id} as text) = ${q})`
      : undefined,
    query.name ? containsText(users.name, query.name) : undefined,
    query.id ? containsText(sql`cast(${users.id} as text)`, query.id) : undefined,
    query.updatedBy ? containsText(sql`${updater.name}`, query.updatedBy) : undefined,
    query.isAdmin === undefined ? undefined : eq(users.isAdmin, query.isAdmin),
    query.isBanned === undefined ? undefined : eq(users.isBanned, query.isBanned),
  );
}

const userColumns = {
  id: users.id,
  name: users.name,
  isAdmin: users.isAdmin,
  isBanned: users.isBanned,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  updaterId: updater.id,
  updaterName: updater.name,
};

const selectUsers = (reader: Reader) => reader.select(userColumns).from(users).leftJoin(updater, eq(updater.id, users.updatedBy));

type UserRow = Awaited<ReturnType<typeof selectUsers>>[number];

const toDto = (row: UserRow): AdminUserDto => ({
  id: row.id,
  name: row.name,
  isAdmin: row.isAdmin,
  isBanned: row.isBanned,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  updatedBy: row.updaterId === null || row.updaterName === null ? null : { id: row.updaterId, name: row.updaterName },
});

/**
 * The admin list. Sorting, filtering and paging run in the database; ties fall back to the ID. The
 * users are numbered and counted in one statement, so the page and the total come in one round trip.
 */
export async function listUsers(query: UserListQuery): Promise<UserListDto> {
  const order = query.sort.flatMap(({ field, direction }) => {
    const column = SORT_COLUMNS[field];
    // Users nobody changed yet sort after the others, whichever the direction.
    const emptyLast = field === 'updatedBy' ? [sql`${updater.name} is null`] : [];
    return [...emptyLast, direction === 'asc' ? asc(column) : desc(column)];
  });
  const numbered = db()
    .select({
      ...userColumns,
      updaterId: sql<number | null>`${updater.id}`.as('updater_id'),
      updaterName: sql<string | null>`${updater.name}`.as('updater_name'),
      total: sql<number>`count(*) over ()`.mapWith(Number).as('total'),
      n: sql<number>`row_number() over (order by ${sql.join([...order, asc(users.id)], sql`, `)})`.as('n'),
    })
    .from(users)
    .leftJoin(updater, eq(updater.id, users.updatedBy))
    .where(listConditions(query))
    .as('numbered');
  const everyone = query.perPage === ALL_USERS;
  const rows = await db()
    .select()
    .from(numbered)
    .where(everyone ? undefined : onKeptPage(sql`${numbered.n}`, sql`${numbered.total}`, query.page, query.perPage))
    .orderBy(sql`${numbered.n}`);
  const total = rows[0]?.total ?? 0;
  const { page, totalPages } = keptPage(query.page, total, everyone ? Math.max(total, 1) : query.perPage);
  return { users: rows.map(toDto), page, perPage: query.perPage, total, totalPages };
}

async function readUser(reader: Reader, id: number): Promise<AdminUserDto> {
  const [row] = await selectUsers(reader).where(eq(users.id, id));
  if (!row) throw notFound('There is no user with this ID.');
  return toDto(row);
}

export async function getUser(id: number): Promise<AdminUserDto> {
  return readUser(db(), id);
}

/**
 * Spec §6: an account is created if the Scratcher is unregistered, under the canonical name
 * Scratch gives; an existing account is answered as it is.
 */
export async function createUser(actor: SessionUser, name: string): Promise<CreateUserResultDto> {
  const database = db();
  const existing = await findUserByName(name, database);
  if (existing) return { user: await readUser(database, existing.id), created: false };
  const scratcher = await fetchScratchUser(name);
  if (!scratcher) throw notFound(`Scratch has no user called ${name}. Check the spelling and try again.`);
  return database.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({ name: scratcher.username, avatarUrl: scratcher.avatarUrl, updatedBy: actor.id })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!row) {
      // Someone logged in or was added meanwhile.
      const found = await findUserByName(scratcher.username, tx);
      return { user: await readUser(tx, found!.id), created: false };
    }
    await recordAudit(tx, actor, { action: 'user.create', targetUserId: row.id, details: { name: scratcher.username } });
    return { user: await readUser(tx, row.id), created: true };
  });
}

const isActiveAdmin = (flags: { isAdmin: boolean; isBanned: boolean }) => flags.isAdmin && !flags.isBanned;

/** Refuses to take away the last administrator who can still act (a banned one cannot). */
async function keepAnotherAdmin(tx: Transaction, userId: number): Promise<void> {
  const [{ others } = { others: 0 }] = await tx
    .select({ others: count() })
    .from(users)
    .where(and(eq(users.isAdmin, true), eq(users.isBanned, false), ne(users.id, userId)));
  if (others === 0) throw conflict(LAST_ADMIN_MESSAGE);
}

async function requireTarget(tx: Transaction, id: number): Promise<User> {
  const [target] = await tx.select().from(users).where(eq(users.id, id));
  if (!target) throw notFound('There is no user with this ID.');
  return target;
}

/**
 * Toggles the admin and banned flags. A banned user's sessions stop working at once (every request
 * reads the flag), and they stay on record so the banned browser is told it is banned; lifting the
 * ban ends them, so no session from before the ban comes back to life.
 */
export async function updateUserFlags(actor: SessionUser, id: number, flags: UpdateUserFlags): Promise<AdminUserDto> {
  const database = db();
  const { user, banChanged } = await database.transaction(async (tx) => {
    const before = await requireTarget(tx, id);
    const after = await setUserFlagsInside(tx, actor, id, flags);
    return { user: after, banChanged: before.isBanned !== after.isBanned };
  });
  // A ban hides the person's public profile: the pages that show them go (bans are rare).
  if (banChanged) announceChange({ kind: 'users' });
  return user;
}

/** updateUserFlags inside a transaction the caller holds (banning a reported entry's author resolves the reports with it). */
export async function setUserFlagsInside(
  tx: Transaction,
  actor: SessionUser,
  id: number,
  flags: UpdateUserFlags,
): Promise<AdminUserDto> {
  const target = await requireTarget(tx, id);
  const next = { isAdmin: flags.isAdmin ?? target.isAdmin, isBanned: flags.isBanned ?? target.isBanned };
  if (next.isAdmin === target.isAdmin && next.isBanned === target.isBanned) return readUser(tx, id);
  if (isActiveAdmin(target) && !isActiveAdmin(next)) await keepAnotherAdmin(tx, id);
  await tx
    .update(users)
    .set({ ...next, updatedAt: new Date(), updatedBy: actor.id })
    .where(eq(users.id, id));
  if (next.isBanned && !target.isBanned) await tx.delete(loginTokens).where(eq(loginTokens.userId, id));
  if (!next.isBanned && target.isBanned) await tx.delete(sessions).where(eq(sessions.userId, id));
  await recordAudit(tx, actor, {
    action: 'user.update',
    targetUserId: id,
    details: { name: target.name, before: { isAdmin: target.isAdmin, isBanned: target.isBanned }, after: next },
  });
  return readUser(tx, id);
}

/** Deletes a user; their sessions, votes, entries and manager roles go with them (FK cascades). */
async function removeUser(actor: SessionUser, id: number, action: 'user.delete' | 'user.delete-self'): Promise<void> {
  const database = db();
  await database.transaction(async (tx) => {
    const target = await requireTarget(tx, id);
    if (isActiveAdmin(target)) await keepAnotherAdmin(tx, id);
    const [{ entered } = { entered: 0 }] = await tx.select({ entered: count() }).from(entries).where(eq(entries.submitterId, id));
    const [{ cast } = { cast: 0 }] = await tx.select({ cast: count() }).from(votes).where(eq(votes.voterId, id));
    // Written first, while the target still exists; the row keeps the name once the ID is cleared.
    await recordAudit(tx, actor, { action, targetUserId: id, details: { id, name: target.name, entries: entered, votes: cast } });
    await tx.delete(users).where(eq(users.id, id));
  });
  announceChange({ kind: 'users' });
}

export async function deleteUser(actor: SessionUser, id: number): Promise<void> {
  await removeUser(actor, id, 'user.delete');
}

/** Spec §2: irreversible, so the caller must type their own username. */
export async function deleteOwnAccount(user: SessionUser, confirmName: string): Promise<void> {
  if (confirmName.toLowerCase() !== user.name.toLowerCase()) {
    throw badRequest(`That is not your username. Type ${user.name} to delete your account.`);
  }
  await removeUser(user, user.id, 'user.delete-self');
}
