/**
 * A proxy in front of a libSQL server (sqld) that counts the round trips a client makes and can add a
 * delay to each, as a database one region away would. A round trip is one HTTP request that carries
 * statements (Hrana's `pipeline` or `cursor`); the version probe a client makes once when it opens
 * is not one.
 */
import { type IncomingMessage, type Server, type ServerResponse, createServer, request as forward } from 'node:http';

export interface RoundTripProxy {
  url: string;
  /** Round trips since the start or the last `reset`. */
  count(): number;
  /** The SQL of each of those round trips (its statements joined by ` ; `), for a failure's message. */
  statements(): string[];
  reset(): void;
  /** Milliseconds added before each request is passed on. */
  setDelay(ms: number): void;
  /** While refusing, every request is answered as an unreachable server would: the connection closes. */
  setRefusing(refusing: boolean): void;
  /**
   * Called with a round trip's SQL once the server has answered it, before the answer is passed on
   * (e.g. to kill the client between a commit and its answer); the answer waits for it.
   */
  setBeforeAnswer(hook: ((sql: string) => Promise<void> | void) | null): void;
  close(): Promise<void>;
}

const isRoundTrip = (request: IncomingMessage) => request.method === 'POST' && /\/(pipeline|cursor)$/.test(request.url ?? '');

/** The SQL texts in a Hrana request body, however deeply its requests nest them. */
function statementsOf(body: string): string {
  const found: string[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key === 'sql' && typeof inner === 'string') found.push(inner);
        else walk(inner);
      }
    }
  };
  try {
    walk(JSON.parse(body));
  } catch {
    return body.slice(0, 200);
  }
  return found.join(' ; ');
}

export async function startRoundTripProxy(target: string, options: { delayMs?: number } = {}): Promise<RoundTripProxy> {
  const upstream = new URL(target);
  let count = 0;
  let seen: string[] = [];
  let delayMs = options.delayMs ?? 0;
  let refusing = false;
  let beforeAnswer: ((sql: string) => Promise<void> | void) | null = null;

  const server: Server = createServer((incoming: IncomingMessage, outgoing: ServerResponse) => {
    if (refusing) {
      incoming.socket.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      const sql = isRoundTrip(incoming) ? statementsOf(body.toString('utf8')) : '';
      if (isRoundTrip(incoming)) {
        count += 1;
        seen.push(sql);
      }
      const pass = () => {
        const onward = forward(
          {
            host: upstream.hostname,
            port: upstream.port,
            method: incoming.method,
            path: incoming.url,
            headers: { ...incoming.headers, host: upstream.host },
          },
          (answer) => {
            void Promise.resolve(beforeAnswer && sql ? beforeAnswer(sql) : undefined).then(() => {
              outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
              answer.pipe(outgoing);
            });
          },
        );
        onward.on('error', () => outgoing.destroy());
        onward.end(body);
      };
      if (delayMs > 0) setTimeout(pass, delayMs);
      else pass();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    count: () => count,
    statements: () => [...seen],
    reset: () => {
      count = 0;
      seen = [];
    },
    setDelay: (ms) => (delayMs = ms),
    setRefusing: (value) => (refusing = value),
    setBeforeAnswer: (hook) => (beforeAnswer = hook),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
