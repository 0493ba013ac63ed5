import type { IncomingMessage } from 'node:http';

/** A request header as one string (repeated ones joined as HTTP does), or null when it is absent. */
export function headerOf(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : (value ?? null);
}
