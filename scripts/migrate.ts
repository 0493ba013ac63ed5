import { ConfigError } from '#server/platform/config';
import { prepareDatabase } from '#server/node/boot';

try {
  await prepareDatabase();
  console.log('Database migrated.');
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
