/**
 * The Node server answers a jam's live stream (ADR 044) before Astro runs, as it answers cached
 * pages: a stream held open for minutes then costs its socket and a listener, not a `Request`, a
 * `ReadableStream` and the render context Astro keeps for an endpoint whose body is still streaming.
 * The same answers as the endpoint (src/pages/api/jams/[slug]/events.ts), which other hosts use.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorResponse } from '#server/platform/errors';
import { requireJam } from '#server/jams/jams';
import { LIVE_HEADERS, lastEventIdOf, startJamStream } from '#server/live/stream';

const LIVE_PATH = /^\/api\/jams\/([^/?#]+)\/events(?:\?.*)?$/;

/** Whether this request is a live stream (then it is answered here, now or once its reads are done). */
export function serveLiveStream(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== 'GET') return false;
  const match = LIVE_PATH.exec(req.url ?? '');
  if (!match) return false;
  void answer(req, res, match[1]!);
  return true;
}

async function answer(req: IncomingMessage, res: ServerResponse, rawSlug: string) {
  try {
    const jam = await requireJam(decodeURIComponent(rawSlug));
    const request = new Request(`http://localhost${req.url}`, {
      headers: req.headers['last-event-id'] ? { 'last-event-id': String(req.headers['last-event-id']) } : {},
    });
    const stop = await startJamStream(jam, lastEventIdOf(request), {
      write(text) {
        if (!res.headersSent) res.writeHead(200, LIVE_HEADERS);
        if (text) res.write(text);
      },
      end: () => res.end(),
    });
    res.once('close', stop);
  } catch (error) {
    const response = errorResponse(error);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(await response.text());
  }
}
