/** `npm run fakes`: the Scratch stand-ins on fixed loopback ports, for offline `npm run dev`. */
import { startFakes } from './index';

const fakes = await startFakes({ api: 4501, auth: 4502, contributors: 4503 });
for (const [name, value] of Object.entries(fakes.env)) console.log(`${name}=${value}`);
process.once('SIGTERM', () => void fakes.close().then(() => process.exit(0)));
process.once('SIGINT', () => void fakes.close().then(() => process.exit(0)));
