/**
 * The build's scripts and styles under /_astro (content-hashed names that never change) answered
 * before Astro runs, from memory, compressed once per start. Through the adapter each file had cost a
 * Request object, a route match, a stat, a read and a fresh brotli pass: ~1.7 ms of the only thread,
 * and a first visit loads 30–45 of them.
 *
 * Only names the build wrote are served (so no path can climb out of the folder); a range request,
 * a file no longer on disk, or a client that takes compression while the compressed copies are still
 * being made, goes on to static-files.ts, which sends it from disk.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import { type Encodable, chooseEncoding, etagOf, matchesEtag, precompress, takesCompression } from './encodings';
import { headerOf } from './request-header';

export const ASSETS_PATH = '/_astro/';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

interface Asset extends Encodable {
  type: string;
  etag: string;
  compressed: boolean;
}

type AssetServer = (req: IncomingMessage, res: ServerResponse) => boolean;

/** Serves the files the build put in `<clientFolder>/_astro`; returns false for anything else. */
export function staticAssets(clientFolder: string): AssetServer {
  const folder = join(clientFolder, ASSETS_PATH);
  let names: Set<string>;
  try {
    names = new Set(readdirSync(folder).filter((name) => TYPES[extname(name)]));
  } catch {
    names = new Set();
  }
  const assets = new Map<string, Asset>();

  /**
   * The file from memory, read on its first request. Null once a new build under the running server
   * has removed it (one stat a request, ~5 µs): pages of the old build then reload (spec §9).
   */
  function load(name: string): Asset | null {
    const path = join(folder, name);
    if (!existsSync(path)) return null;
    let asset = assets.get(name);
    if (!asset) {
      let body: Buffer;
      try {
        body = readFileSync(path);
      } catch {
        return null;
      }
      const made: Asset = { body, encoded: {}, type: TYPES[extname(name)]!, etag: etagOf(body), compressed: false };
      void precompress(made).then(() => (made.compressed = true));
      assets.set(name, (asset = made));
    }
    return asset;
  }

  return (req, res) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url?.startsWith(ASSETS_PATH) || req.headers.range) return false;
    const name = req.url.slice(ASSETS_PATH.length).split('?')[0]!;
    const asset = names.has(name) ? load(name) : null;
    if (!asset) return false;
    const acceptEncoding = headerOf(req, 'accept-encoding');
    const encoding = chooseEncoding(asset, acceptEncoding);
    if (!encoding && takesCompression(acceptEncoding) && !asset.compressed) return false;
    const { body, etag } = encoding ? asset.encoded[encoding]! : asset;
    const headers: Record<string, string> = {
      'content-type': asset.type,
      'cache-control': IMMUTABLE,
      etag,
      vary: 'Accept-Encoding',
    };
    if (encoding) headers['content-encoding'] = encoding;
    if (matchesEtag(headerOf(req, 'if-none-match'), etag)) {
      res.writeHead(304, headers).end();
      return true;
    }
    headers['content-length'] = String(body.byteLength);
    res.writeHead(200, headers).end(req.method === 'HEAD' ? undefined : body);
    return true;
  };
}
