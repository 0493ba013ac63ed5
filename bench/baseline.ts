/**
 * The machine's limit for the benchmarks: a bare node:http server that answers every request
 * with the same bytes from memory (the jam page as the app rendered it). No routing, no logging.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const body = readFileSync(process.argv[2]!);
const headers = { 'content-type': 'text/html; charset=utf-8', 'content-length': String(body.byteLength) };

createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
}).listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1');
