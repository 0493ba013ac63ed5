/**
 * The build's files outside /_astro — public/ (icons, cat pictures, the manifest) and the prerendered
 * pages with the headers Astro wrote for them — sent before Astro runs. The Node adapter runs in
 * middleware mode (ADR 019), which leaves them to us: in standalone mode it looked for a file on disk
 * before every request (a Request object, a route match, an lstat and a stat), ~0.16 ms of the only
 * thread for each API call, write and render. Here the build's file list is read once at start, so
 * only requests for those paths touch the disk; `send` (the adapter's own choice) streams them with
 * their type, ETag and Last-Modified.
 */
import { readFileSync, readdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, posix, relative, sep } from 'node:path';
import send from 'send';

/** Every file under `folder`, as the URL path that names it (`/about/index.html`). */
function filesUnder(folder: string): Set<string> {
  try {
    const names = readdirSync(folder, { recursive: true, withFileTypes: true });
    return new Set(
      names
        .filter((entry) => entry.isFile())
        .map((entry) => `/${relative(folder, join(entry.parentPath, entry.name)).split(sep).join('/')}`),
    );
  } catch {
    return new Set();
  }
}

/** The headers Astro wrote for each prerendered page (`staticHeaders`: its Content-Security-Policy). */
function pageHeaders(distFolder: string): Map<string, [string, string][]> {
  try {
    const entries = JSON.parse(readFileSync(join(distFolder, '_headers.json'), 'utf8')) as {
      pathname: string;
      headers: { key: string; value: string }[];
    }[];
    return new Map(entries.map((entry) => [entry.pathname, entry.headers.map((h): [string, string] => [h.key, h.value])]));
  } catch {
    return new Map();
  }
}

type FileServer = (req: IncomingMessage, res: ServerResponse, whenGone: () => void) => boolean;

/**
 * Serves the files of `<distFolder>/client` and returns true, or returns false for anything else.
 * `whenGone` takes over if the file left the disk since the server started (a new build under it).
 */
export function staticFiles(distFolder: string): FileServer {
  const root = join(distFolder, 'client');
  const files = filesUnder(root);
  const headers = pageHeaders(distFolder);

  return (req, res, whenGone) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    let path: string;
    try {
      path = decodeURI((req.url ?? '/').split('?')[0]!);
    } catch {
      return false;
    }
    const page = posix.join(path, 'index.html');
    const file = files.has(path) ? path : files.has(page) ? page : null;
    if (!file) return false;
    for (const [key, value] of headers.get(path.replace(/(.)\/$/, '$1')) ?? []) res.setHeader(key, value);
    let started = false;
    // Content-hashed names (a range request or a first one before compression gets here) never change.
    const hashed = file.startsWith('/_astro/');
    send(req, file, { root, ...(hashed ? { maxAge: '1y', immutable: true } : {}) })
      .on('file', () => (started = true))
      .on('error', (error: { status?: number }) => {
        if (!started) return whenGone();
        res.statusCode = error.status ?? 500;
        res.end();
      })
      .pipe(res);
    return true;
  };
}
