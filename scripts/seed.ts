import { seedDemoData } from '../db/seed';
import { prepareDatabase } from '../src/server/boot';
import { ConfigError, config } from '../src/server/config';
import { db } from '../src/server/db';

try {
  await prepareDatabase();
  await seedDemoData(await db());
  console.log(`Demo data written to ${config().DATABASE_URL}.`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
