import { desc, eq } from 'drizzle-orm';
import { type Jam, jams } from '../../db/schema';
import { db } from './db';

export async function listFeaturedJams(): Promise<Jam[]> {
  const database = await db();
  return database.select().from(jams).where(eq(jams.featured, true)).orderBy(desc(jams.startsAt)).limit(12);
}
