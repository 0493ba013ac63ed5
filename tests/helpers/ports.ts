import { createServer } from 'node:net';

/** Asks the OS for a free loopback port. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Another process may take the port we picked before a server binds it: how its failure reads. */
const PORT_TAKEN = /EADDRINUSE|Address already in use/;
const PORT_ATTEMPTS = 3;

/** Starts something on a free port, and again on a new one (up to 3 times) when the port was taken meanwhile. */
export async function onFreePort<Started>(start: (port: number) => Promise<Started>): Promise<Started> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await start(await freePort());
    } catch (error) {
      if (attempt === PORT_ATTEMPTS || !PORT_TAKEN.test(String(error))) throw error;
    }
  }
}
