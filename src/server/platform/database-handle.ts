/**
 * The type of the database handle, apart from the code that opens one (db.ts): the host seam
 * (host.ts) names it, and db.ts asks the host, so the type lives below both.
 */
import type { Client } from '@libsql/client';
import type { LibSQLDatabase } from 'drizzle-orm/libsql';
import type * as schema from '#db/schema';

export type Database = LibSQLDatabase<typeof schema> & { $client: Client };
