import { existsSync } from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

/** Debian's Chromium (installed by .ci/run); Playwright never downloads its own. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The browser of the end-to-end tests: Debian's `chromium-headless-shell` when it is there (the same
 * Chromium build without the browser's windows, tabs and toolbar, as Playwright itself uses for
 * headless runs), else {@link CHROMIUM_PATH}. The full browser spends about a third of the suite's CPU
 * drawing the toolbar of a window nobody sees; screenshots, Lighthouse and bench:size keep it.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const TEST_CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH);

const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** One launch for screenshots and benchmarks: no sandbox in containers, nothing phoning home. */
export const CHROMIUM_LAUNCH: LaunchOptions = { executablePath: CHROMIUM_PATH, args };

/** The same launch in the tests' browser. */
export const TEST_CHROMIUM_LAUNCH: LaunchOptions = { executablePath: TEST_CHROMIUM_PATH, args };
