import { defineConfig, devices } from '@playwright/test';
import { TEST_CHROMIUM_LAUNCH } from './scripts/chromium';

// Names this run's artifact folder; each worker's server takes a free port (tests/e2e/site.ts).
const port = Number(process.env.E2E_PORT ?? 4620);

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  // One folder per port, so parallel runs on one machine do not delete each other's artifacts.
  outputDir: `test-results/e2e-${port}`,
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  // Each worker has its own seeded database, fakes and server (tests/e2e/fixtures.ts), so two run at
  // once even on two cores: much of a test is waiting on the browser or the server.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // `npm test` asks for each file's time (scripts/slowest-tests.ts prints the slowest at the end).
  reporter: [
    ['list'],
    ...(process.env.TEST_TIMINGS ? [['json', { outputFile: `${process.env.TEST_TIMINGS}/e2e.json` }] as const] : []),
  ],
  // A test's limit catches a hang, not a slow machine: on one at half its speed, walks of six page
  // loads with an accessibility audit each took over 30 s (clean-clone CI, 2026-11-30).
  timeout: 60_000,
  use: {
    // baseURL comes from the worker's own site (tests/e2e/fixtures.ts). Recording a trace for every
    // test doubles the suite's CPU time; E2E_TRACE=1 keeps one for each failing test.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    video: 'off',
    // No page-to-page view transitions (src/styles/global.css): a test moves on faster than one ends.
    contextOptions: { reducedMotion: 'reduce' },
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: TEST_CHROMIUM_LAUNCH,
      },
    },
  ],
});
