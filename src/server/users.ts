import { eq, sql } from 'drizzle-orm';
import { type User, users } from '../../db/schema';
import { type Database, db } from './db';

export async function findUserByName(name: string, database?: Database): Promise<User | undefined> {
  const conn = database ?? (await db());
  return conn.query.users.findFirst({ where: eq(sql`lower(${users.name})`, name.toLowerCase()) });
}

/** Makes sure every named user exists and is an administrator (ITINERARY_ADMINS at start). */
export async function ensureAdmins(names: readonly string[], database?: Database): Promise<void> {
  const conn = database ?? (await db());
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
