/**
 * Builds what the selected targets run, when it is missing or older than the sources: dist/ and the
 * start bundle for node-server, dist-standalone/ for node-standalone, dist-cloudflare/ for workerd.
 */
import { buildIfStale, bundleStartIfStale } from '../../scripts/build-if-stale';
import { selectedTargets } from './selection';

export default async function globalSetup() {
  const targets = selectedTargets();
  if (targets.includes('node-server')) {
    buildIfStale();
    await bundleStartIfStale();
  }
  if (targets.includes('node-standalone')) buildIfStale('node-standalone');
  if (targets.includes('workerd')) buildIfStale('cloudflare');
}
