import { buildIfStale, bundleStartIfStale } from '../../scripts/build-if-stale';

/** API tests run against the built server; build (and bundle its start) once before any of them start. */
export default async function setup() {
  buildIfStale();
  await bundleStartIfStale();
}
