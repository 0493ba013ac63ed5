import { ConfigError } from '../src/server/config';
import { prepareDatabase } from '../src/server/boot';

try {
  await prepareDatabase();
  console.log('Database migrated.');
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
