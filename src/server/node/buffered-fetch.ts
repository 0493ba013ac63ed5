/**
 * `fetch` for the libSQL server client on the Node host, over node:http, answering with the whole
 * body once it has come (issue 52).
 *
 * With Node's own fetch (undici) a loaded server took seconds to read sqld's answers: sqld streams
 * a batch's results line by line (Hrana's cursor), and undici hands a body on a chunk at a time,
 * each chunk waiting for its turn on a busy event loop. In the three-server rush a group commit's
 * headers came in ~150 ms and its last byte 1–4 s later, while sqld answered the same batch to an
 * idle process in 13 ms. node:http reads whatever the socket holds at each turn.
 */
import { Agent as HttpAgent, type IncomingMessage, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };

const headersOf = (message: IncomingMessage): Headers => {
  const headers = new Headers();
  for (let i = 0; i < message.rawHeaders.length; i += 2) headers.append(message.rawHeaders[i]!, message.rawHeaders[i + 1]!);
  return headers;
};

export async function bufferedFetch(input: Request | string | URL, init?: RequestInit): Promise<Response> {
  const request = input instanceof Request && init === undefined ? input : new Request(input, init);
  const url = new URL(request.url);
  const secure = url.protocol === 'https:';
  const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
  const signal = request.signal;
  signal.throwIfAborted();
  return new Promise<Response>((resolve, reject) => {
    const outgoing = (secure ? httpsRequest : httpRequest)(
      url,
      { method: request.method, headers: Object.fromEntries(request.headers), agent: secure ? agents.https : agents.http },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          signal.removeEventListener('abort', abort);
          const status = incoming.statusCode ?? 500;
          const empty = status === 204 || status === 304 || request.method === 'HEAD';
          resolve(
            new Response(empty ? null : Buffer.concat(chunks), {
              status,
              statusText: incoming.statusMessage,
              headers: headersOf(incoming),
            }),
          );
        });
      },
    );
    const abort = () => outgoing.destroy(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    signal.addEventListener('abort', abort, { once: true });
    outgoing.on('error', (error) => {
      signal.removeEventListener('abort', abort);
      reject(error);
    });
    outgoing.end(body);
  });
}
