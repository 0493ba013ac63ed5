import { buildIfStale } from '../../scripts/build-if-stale';

/** API tests run against the built server; build once before any of them start. */
export default function setup() {
  buildIfStale();
}
