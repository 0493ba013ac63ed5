/**
 * Users and the admin tools (spec §2 Dashboard, §4 User flags, §6 Administrator): the user list,
 * creating a user by username, the admin and banned flags, deleting a user and their data, and
 * deleting one's own account. Every change stamps updatedAt/updatedBy and writes the audit log
 * in the same transaction: one batch after one read (what a flag change writes is ./admin-flags.ts).
 */
import { dropUnusedFiles, jamVersionFilesOfSubmitter } from '#server/entries/jam-version-files';
import { requireAdministrator } from '#server/auth/permissions';
import { type SQL, and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { type User, entries, users, votes } from '#db/schema';
import {
  ALL_USERS,
  type AdminUserDto,
  type CreateUserResultDto,
  type UpdateUserFlags,
  type UserListDto,
  type UserListQuery,
  type UserSortField,
} from '#lib/schemas/users';
import { auditStatement } from '#server/activity/audit';
import { announceChange } from '#server/cache/changes';
import { previousStatementWrote } from '#server/platform/batch-sql';
import { type Database, containsText, db } from '#server/platform/db';
import { batchNamed } from '#server/platform/named';
import { badRequest, conflict, notFound } from '#server/platform/errors';
import { keptPage, onKeptPage } from '#server/platform/sql-pages';
import { fetchScratchUser } from '#server/platform/scratch';
import type { SessionUser } from '#server/auth/session';
import { forgetStatements } from './forget';
import { activeAdminCount, anotherActiveAdmin, flagChange, flagTargetColumns, keepAnotherAdmin } from './admin-flags';

type Reader = Pick<Database, 'select'>;

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

const byName = (name: string) => eq(sql`lower(${users.name})`, name.toLowerCase());

/**
 * Spec §6: an account is created if the Scratcher is unregistered, under the canonical name
 * Scratch gives; an existing account is answered as it is.
 */
export async function createUser(actor: SessionUser, name: string): Promise<CreateUserResultDto> {
  await requireAdministrator(actor);
  const database = db();
  const [existing] = await selectUsers(database).where(byName(name));
  if (existing) return { user: toDto(existing), created: false };
  const scratcher = await fetchScratchUser(name);
  if (!scratcher) throw notFound(`Scratch has no user called ${name}. Check the spelling and try again.`);
  const account = sql`(select ${users.id} from ${users} where ${byName(scratcher.username)})`;
  const {
    inserted,
    user: [row],
  } = await batchNamed(database, {
    inserted: database
      .insert(users)
      .values({ name: scratcher.username, avatarUrl: scratcher.avatarUrl, updatedBy: actor.id })
      .onConflictDoNothing()
      .returning({ id: users.id }),
    // Audited only when the insert just before created the account, not when someone logged in or was added meanwhile.
    audit: auditStatement(
      database,
      actor,
      { action: 'user.create', targetUserId: account, details: { name: scratcher.username } },
      previousStatementWrote,
    ),
    user: selectUsers(database).where(byName(scratcher.username)),
  });
  return { user: toDto(row!), created: inserted.length > 0 };
}

/** How many tries a change gets when the user's flags change between its read and its write. */
const TRIES = 3;

/**
 * Toggles the admin and banned flags. A banned user's sessions stop working at once (every request
 * reads the flag), and they stay on record so the banned browser is told it is banned; lifting the
 * ban ends them, so no session from before the ban comes back to life.
 */
export async function updateUserFlags(actor: SessionUser, id: number, flags: UpdateUserFlags): Promise<AdminUserDto> {
  await requireAdministrator(actor);
  const database = db();
  for (let attempt = 1; ; attempt++) {
    const [[target], activeAdmins] = await Promise.all([selectUsers(database).where(eq(users.id, id)), activeAdminCount()]);
    if (!target) throw notFound('There is no user with this ID.');
    const change = flagChange(database, actor, target, flags, activeAdmins);
    if (!change) return toDto(target);
    const statements = change.statements();
    const results = await database.batch([...statements, selectUsers(database).where(eq(users.id, id))]);
    const changed = results[statements.length - 1] as { id: number }[];
    const [after] = results[statements.length] as UserRow[];
    if (changed.length > 0) {
      // A ban hides the person's public profile: the pages that show them go (bans are rare).
      if (target.isBanned !== after!.isBanned) announceChange({ kind: 'users' });
      return toDto(after!);
    }
    // Changed by someone else between the read and the write: read again and decide again.
    if (attempt === TRIES) throw conflict(CHANGED_MEANWHILE);
  }
}

const CHANGED_MEANWHILE = 'This user changed while you were changing them. Please try again.';

/**
 * Deletes a user: their sessions, votes, entries, notes and the rest go with them (FK cascades), and
 * their name leaves what is kept (./forget.ts).
 */
async function removeUser(actor: SessionUser, id: number, action: 'user.delete' | 'user.delete-self'): Promise<void> {
  const database = db();
  // ADR 050: the jam versions of their entries go with the entries, their files right after (read beside the user).
  let theirFiles: string[] = [];
  for (let attempt = 1; ; attempt++) {
    const [[target], activeAdmins, files] = await Promise.all([
      database.select(flagTargetColumns).from(users).where(eq(users.id, id)),
      activeAdminCount(),
      jamVersionFilesOfSubmitter(id),
    ]);
    theirFiles = files;
    if (!target) throw notFound('There is no user with this ID.');
    keepAnotherAdmin(target, activeAdmins);
    // Still one who can act, whatever happened since the read: the user is not one, or another is.
    const keepsAnAdmin = sql`(not exists (select 1 from ${users} where ${and(eq(users.id, id), eq(users.isAdmin, true), eq(users.isBanned, false))}) or ${anotherActiveAdmin(id)})`;
    // The audit row, forgetStatements', then the user's row: the last result says whether it went.
    const written = await database.batch([
      // Written first, while the target still exists, with what goes with them counted; not who they were (ADR 036).
      auditStatement(
        database,
        actor,
        {
          action,
          targetUserId: id,
          details: {
            entries: sql`(select count(*) from ${entries} where ${entries.submitterId} = ${id})`,
            votes: sql`(select count(*) from ${votes} where ${votes.voterId} = ${id})`,
          },
        },
        keepsAnAdmin,
      ),
      ...forgetStatements(database, id, target.name, keepsAnAdmin),
      database
        .delete(users)
        .where(and(eq(users.id, id), keepsAnAdmin))
        .returning({ id: users.id }),
    ]);
    const deleted = written.at(-1) as { id: number }[];
    if (deleted.length > 0) break;
    // Deleted, or made the last administrator, between the read and the write: read again and decide again.
    if (attempt === TRIES) throw conflict(CHANGED_MEANWHILE);
  }
  await dropUnusedFiles(theirFiles);
  announceChange({ kind: 'users' });
}

export async function deleteUser(actor: SessionUser, id: number): Promise<void> {
  await requireAdministrator(actor);
  await removeUser(actor, id, 'user.delete');
}

/** Spec §2: irreversible, so the caller must type their own username. */
export async function deleteOwnAccount(user: SessionUser, confirmName: string): Promise<void> {
  if (confirmName.toLowerCase() !== user.name.toLowerCase()) {
    throw badRequest(`That is not your username. Type ${user.name} to delete your account.`);
  }
  await removeUser(user, user.id, 'user.delete-self');
}
