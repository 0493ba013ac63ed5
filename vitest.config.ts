import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './tests/setup/sequencer';

/** Fails a test on an unexpected console.error (tests/setup/console-errors.ts). */
const setupFiles = ['tests/setup/console-errors.ts'];
/** …and, for the suites that call a running app, on an answer its OpenAPI document does not describe. */
const appSetupFiles = [...setupFiles, 'tests/setup/openapi-conformance.ts'];

export default defineConfig({
  test: {
    // Most test files wait on a server or a database in another process, so more files than cores
    // run at once; each file has its own database, fakes and server, so they cannot disturb each other.
    maxWorkers: 3,
    sequence: { sequencer: LongestFirstSequencer },
    // `npm test` asks for each file's time (scripts/slowest-tests.ts prints the slowest at the end).
    reporters: process.env.TEST_TIMINGS
      ? ['default', ['json', { outputFile: `${process.env.TEST_TIMINGS}/vitest.json` }]]
      : ['default'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          setupFiles,
        },
      },
      {
        test: {
          name: 'db',
          include: ['tests/db/**/*.test.ts'],
          globalSetup: ['tests/global/template-database.ts'],
          setupFiles,
        },
      },
      {
        test: {
          name: 'db-sqld',
          include: ['tests/db/**/*.test.ts'],
          env: { TEST_DATABASE: 'sqld' },
          setupFiles,
          // Each query crosses HTTP to sqld: a test over a few thousand jams takes seconds on a busy machine.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          // These files talk to their own server over HTTP and keep no state in shared modules, so they
          // share a worker's imports (drizzle, the schema, the helpers) instead of loading them anew.
          isolate: false,
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/global/build.ts', 'tests/global/template-database.ts'],
          setupFiles: appSetupFiles,
          testTimeout: 30_000,
          hookTimeout: 90_000,
        },
      },
      {
        test: {
          name: 'security',
          isolate: false,
          include: ['tests/security/**/*.test.ts'],
          globalSetup: ['tests/global/build.ts', 'tests/global/template-database.ts'],
          setupFiles: appSetupFiles,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
