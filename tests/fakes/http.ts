import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Handler = (req: IncomingMessage, res: ServerResponse, url: URL) => unknown;

/**
 * `down` answers 503 to everything, `hang` never answers, `garbage` answers 200 with an HTML page
 * (a captive portal, a misconfigured proxy): for testing timeouts and outages.
 */
export type FakeMode = 'ok' | 'down' | 'hang' | 'garbage';

export interface RunningFake {
  url: string;
  server: Server;
  /** Also reachable over HTTP as `POST /__mode {"mode":"down"}` (for other processes). */
  setMode(mode: FakeMode): void;
  close(): Promise<void>;
}

export function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function readBody(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text;
}

/** Starts a tiny HTTP server on 127.0.0.1 (port 0 picks a free one). */
export function listen(handler: Handler, port = 0): Promise<RunningFake> {
  let mode: FakeMode = 'ok';
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    try {
      if (req.method === 'POST' && url.pathname === '/__mode') {
        mode = (JSON.parse(await readBody(req)) as { mode: FakeMode }).mode;
        return sendJson(res, 200, { mode });
      }
      if (mode === 'hang') return;
      if (mode === 'down') return sendJson(res, 503, { error: 'unavailable (fake outage)' });
      if (mode === 'garbage') {
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<!doctype html><title>Sign in to the network</title>');
      }
      await handler(req, res, url);
    } catch (error) {
      sendJson(res, 500, { error: String(error) });
    }
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      const { port: actual } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${actual}`,
        server,
        setMode: (next) => {
          mode = next;
        },
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
