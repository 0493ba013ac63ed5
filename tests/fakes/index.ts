import { startContributors } from './contributors';
import { startScratchApi } from './scratch-api';
import { startScratchAuth } from './scratch-auth';

export type Fakes = Awaited<ReturnType<typeof startFakes>>;

/** Starts every third-party stand-in and returns the environment that points Itinerary at them. */
export async function startFakes(ports: { api?: number; auth?: number; contributors?: number } = {}) {
  const [scratchApi, scratchAuth, contributors] = await Promise.all([
    startScratchApi(ports.api),
    startScratchAuth(ports.auth),
    startContributors(ports.contributors),
  ]);
  return {
    scratchApi,
    scratchAuth,
    contributors,
    env: {
      SCRATCH_API_URL: scratchApi.url,
      SCRATCH_AUTH_URL: scratchAuth.url,
      CONTRIBUTORS_URL: `${contributors.url}/contributors`,
    },
    async close() {
      await Promise.all([scratchApi.close(), scratchAuth.close(), contributors.close()]);
    },
  };
}
