import { config } from '#server/platform/config';
import { db, migrateDatabase } from '#server/platform/db';
import { ensureAdmins } from '#server/users/users';
import { deleteExpiredSessions } from '#server/auth/session';

const SESSION_SWEEP_MS = 60 * 60 * 1000;

/** Everything the server needs before its first request: a migrated database, the bootstrap admins, no expired sessions. */
export async function prepareDatabase(): Promise<void> {
  const database = await db();
  await migrateDatabase(database);
  await ensureAdmins(config().ITINERARY_ADMINS, database);
  await deleteExpiredSessions();
}

/**
 * Sessions are deleted when presented after their expiry; abandoned ones would stay forever, so the
 * server sweeps them hourly (every process may: the delete is idempotent).
 */
export function sweepExpiredSessionsHourly(): void {
  setInterval(() => {
    deleteExpiredSessions().catch((error: unknown) => console.error('Could not delete expired sessions:', error));
  }, SESSION_SWEEP_MS).unref();
}
