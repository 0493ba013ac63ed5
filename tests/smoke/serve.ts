/**
 * Starts one smoke target and keeps it running, for looking at it by hand:
 *   tsx tests/smoke/serve.ts node-standalone
 */
import { isTargetName, startTarget } from './targets';

const name = process.argv[2] ?? 'node-server';
if (!isTargetName(name)) throw new Error(`unknown target ${name}`);
const target = await startTarget(name);
console.log(`${target.name} at ${target.url} (database ${target.databaseUrl})`);
const stop = () => void target.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
