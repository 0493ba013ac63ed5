import { sql } from 'drizzle-orm';
import { db } from './db';
import { AppError } from './errors';

export async function checkDatabase(): Promise<{ ok: true; database: 'reachable' }> {
  try {
    await db().run(sql`select 1`);
    return { ok: true, database: 'reachable' };
  } catch (error) {
    console.error('Health check: database unreachable', error);
    throw new AppError(503, 'upstream_unavailable', 'The database is unreachable.');
  }
}
