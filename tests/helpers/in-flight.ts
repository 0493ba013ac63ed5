/**
 * Runs tasks with at most `limit` of them in flight at once, as a proxy's connection pool would
 * send a crowd's requests: a thousand sockets opened in the same millisecond overflow a test
 * host's listen queue (ECONNRESET) before the server sees any of them.
 */
export function atMostInFlight(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
