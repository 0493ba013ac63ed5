/**
 * Whether the database has every migration this build knows. Hosts that migrate at start (the Node
 * server) always pass; hosts that cannot (a Worker, any adapter's server) are migrated out of band
 * with `npm run db:migrate`, and until then answer 503 rather than half a site.
 */
import { sql } from 'drizzle-orm';
import journal from '#db/migrations/meta/_journal.json' with { type: 'json' };
import { AppError } from './errors';
import { db } from './db';

/** drizzle records each applied migration with its journal time (`when`) as `created_at`. */
const LATEST_MIGRATION = Math.max(...journal.entries.map((entry) => entry.when));

export const SCHEMA_BEHIND_MESSAGE =
  'The database is not migrated to this version of Itinerary. An administrator needs to run `npm run db:migrate` with DATABASE_URL pointing at this database.';

let current = false;

async function latestApplied(): Promise<number> {
  try {
    const [row] = await db().all<{ latest: number | null }>(sql`select max(created_at) as latest from __drizzle_migrations`);
    return Number(row?.latest ?? 0);
  } catch (error) {
    // drizzle wraps the driver's error: the cause says what SQLite said.
    if (/no such table/i.test(`${String(error)} ${String((error as { cause?: unknown }).cause)}`)) return 0; // never migrated
    throw error;
  }
}

/** Throws 503 while the schema is behind; once it is current, it is never asked again. */
export async function requireCurrentSchema(): Promise<void> {
  if (current) return;
  if ((await latestApplied()) < LATEST_MIGRATION) throw new AppError(503, 'schema_behind', SCHEMA_BEHIND_MESSAGE);
  current = true;
}
