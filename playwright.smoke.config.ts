/**
 * The smoke suite (tests/smoke/): a short walk through the site's main features, run against each
 * deploy target of the same site (tests/smoke/targets.ts). One Playwright project per target, chosen
 * with SMOKE_TARGETS (a comma list; default node-standalone,workerd):
 *
 *   SMOKE_TARGETS=node-server npx playwright test -c playwright.smoke.config.ts
 *
 * Each worker starts its project's target once (tests/smoke/fixtures.ts).
 */
import { defineConfig, devices } from '@playwright/test';
import { TEST_CHROMIUM_LAUNCH } from './scripts/chromium';
import { type TargetName, selectedTargets } from './tests/smoke/selection';
import type { SmokeOptions } from './tests/smoke/fixtures';

/** node-server migrates at start (no out-of-band migration to check); only a Worker has the Worker's settings. */
const IGNORED: Record<TargetName, string[]> = {
  'node-server': ['deployment.spec.ts', 'worker-settings.spec.ts'],
  'node-standalone': ['worker-settings.spec.ts'],
  workerd: [],
};

/** Tests that need a target on a libSQL server of its own (the Node targets run on an embedded file). */
const ON_A_LIBSQL_SERVER_ONLY = /sqld killed under writes/;

export default defineConfig<SmokeOptions>({
  testDir: 'tests/smoke',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results/smoke',
  globalSetup: './tests/smoke/global-setup.ts',
  fullyParallel: false,
  // One worker: two (each starting its own targets) took the same 2.0 min on this host for 40 % more CPU.
  workers: Number(process.env.SMOKE_WORKERS ?? 1),
  retries: 0,
  reporter: [
    ['list'],
    ...(process.env.TEST_TIMINGS ? [['json', { outputFile: `${process.env.TEST_TIMINGS}/smoke.json` }] as const] : []),
  ],
  timeout: 60_000, // catches a hang, not a slow machine (as playwright.config.ts)
  expect: { timeout: 10_000 },
  use: {
    trace: process.env.SMOKE_TRACE ? 'retain-on-failure' : 'off',
    video: 'off',
    contextOptions: { reducedMotion: 'reduce' },
  },
  projects: selectedTargets().map((name) => ({
    name,
    testIgnore: IGNORED[name],
    ...(name === 'workerd' ? {} : { grepInvert: ON_A_LIBSQL_SERVER_ONLY }),
    use: { ...devices['Desktop Chrome'], launchOptions: TEST_CHROMIUM_LAUNCH, targetName: name },
  })),
});
