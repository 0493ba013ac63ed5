import type { LaunchOptions } from '@playwright/test';

/** Debian's Chromium (installed by .ci/run); Playwright never downloads its own. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** One launch for tests, screenshots and benchmarks: no sandbox in containers, nothing phoning home. */
export const CHROMIUM_LAUNCH: LaunchOptions = {
  executablePath: CHROMIUM_PATH,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
