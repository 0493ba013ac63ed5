import { buildIfStale, bundleStartIfStale } from '../../scripts/build-if-stale';
import { SEEDED_TEMPLATE, prepareSeededTemplate } from './site';

/** Builds if needed and seeds one template database that every worker's site copies (tests/e2e/site.ts). */
export default async function globalSetup() {
  buildIfStale();
  await bundleStartIfStale();
  const template = await prepareSeededTemplate();
  process.env[SEEDED_TEMPLATE] = template.file;
  return () => template.remove();
}
