import { config } from '#server/platform/config';
import { installHost } from '#server/platform/host';
import { ensureAdmins } from '#server/users/users';
import { sweepExpired } from '#server/auth/sweep';
import { migrateDatabase, openDatabase } from './database';

const SWEEP_MS = 60 * 60 * 1000;

/**
 * Everything the server needs before its first request: its database installed for the core (one
 * handle for the host and the Astro build), migrated, the bootstrap admins, no expired sessions.
 * `npm run db:migrate` runs the same against any DATABASE_URL, a remote libSQL server's included.
 */
export async function prepareDatabase(): Promise<void> {
  const database = await openDatabase(config().DATABASE_URL, config().DATABASE_AUTH_TOKEN);
  installHost({ database });
  await migrateDatabase(database);
  await ensureAdmins(config().ITINERARY_ADMINS, database);
  await sweepExpired();
}

export function sweepExpiredHourly(): void {
  setInterval(() => {
    sweepExpired().catch((error: unknown) => console.error('Could not delete expired sessions:', error));
  }, SWEEP_MS).unref();
}
