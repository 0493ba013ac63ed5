/**
 * Requests refused before Astro sees them, still in the API's JSON error shape: what Node's HTTP
 * parser rejects (an unknown method, headers over 16 KiB, a malformed request line), addresses
 * with broken percent-encoding, and methods the WHATWG Request that Astro builds cannot represent
 * (TRACE, TRACK, CONNECT) — those threw outside any error handler and stopped the whole server.
 * Used by scripts/start.ts.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorBody, ErrorCode } from '#server/platform/errors';
import { BROKEN_ADDRESS_MESSAGE } from '#server/http/request-input';

const errorJson = (status: number, code: ErrorCode, message: string) =>
  JSON.stringify({ error: { status, code, message } } satisfies ErrorBody);

export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const [status, reason, code, message]: [number, string, ErrorCode, string] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'payload_too_large', 'The request headers are too large.']
      : [400, 'Bad Request', 'bad_request', 'The request could not be understood.'];
  const json = errorJson(status, code, message);
  socket.end(
    [
      `HTTP/1.1 ${status} ${reason}`,
      'Content-Type: application/json',
      `Content-Length: ${Buffer.byteLength(json)}`,
      'Connection: close',
      '',
      json,
    ].join('\r\n'),
  );
}

const UNSERVABLE_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

function refuse(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): true {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(errorJson(status, 'bad_request', message));
  return true;
}

/**
 * Answers what Astro cannot serve — a method the WHATWG Request refuses, or an address that is not
 * valid percent-encoding (the Node adapter would answer it with a bare text 400) — and says so.
 */
export function refuseUnservable(req: IncomingMessage, res: ServerResponse): boolean {
  if (UNSERVABLE_METHODS.has((req.method ?? '').toUpperCase())) {
    return refuse(res, 405, `The ${req.method} method is not supported.`, {
      allow: 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
    });
  }
  try {
    decodeURI(req.url ?? '/');
  } catch {
    return refuse(res, 400, BROKEN_ADDRESS_MESSAGE);
  }
  return false;
}
