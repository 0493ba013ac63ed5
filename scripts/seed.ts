import { seedDemoData } from '#db/seed';
import { seedShowcase } from '#db/seed-showcase';
import { prepareDatabase } from '#server/node/boot';
import { ConfigError, config } from '#server/platform/config';
import { db } from '#server/platform/db';

try {
  await prepareDatabase();
  await seedDemoData(db());
  // The jams that show every other feature (db/seed-showcase.ts; README's "Trying it offline").
  await seedShowcase(db());
  console.log(`Demo data written to ${config().DATABASE_URL}.`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
