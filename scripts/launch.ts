/**
 * `npm start`: runs the server (scripts/start.ts) from a JavaScript bundle of it, made again when its
 * sources change. Node runs this file itself (type stripping), so no TypeScript loader sits in front of
 * the server's imports: under `node --import tsx` every import of the Astro bundle went through tsx's
 * resolver, and a start took ~2.1 s of CPU instead of ~1.2 s (tests start ~50 servers a run).
 */
import { pathToFileURL } from 'node:url';
import { START_BUNDLE, bundleStartIfStale } from './build-if-stale.ts';

process.setSourceMapsEnabled(true);
await bundleStartIfStale();
await import(pathToFileURL(START_BUNDLE).href);
