import { config } from '#server/platform/config';
import { db, migrateDatabase } from '#server/platform/db';
import { ensureAdmins } from '#server/users/users';

/** Everything the server needs before its first request: a migrated database and the bootstrap admins. */
export async function prepareDatabase(): Promise<void> {
  const database = await db();
  await migrateDatabase(database);
  await ensureAdmins(config().ITINERARY_ADMINS, database);
}
