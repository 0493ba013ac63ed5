/**
 * A JSON answer that states its length. The compression in front of Astro (scripts/start.ts)
 * skips bodies under 1 KB only when it knows their size; squeezing `{"ok":true}` through a fresh
 * brotli stream costs more CPU than the bytes it saves.
 */
const encoder = new TextEncoder();

export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  const bytes = encoder.encode(JSON.stringify(body));
  const headers = new Headers(init.headers);
  headers.set('content-type', 'application/json');
  headers.set('content-length', String(bytes.byteLength));
  return new Response(bytes, { ...init, headers });
}
