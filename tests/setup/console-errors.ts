/**
 * Every vitest project loads this file: a test fails when something it ran called
 * `console.error` and the test did not say it expected it with `expectConsoleError(/pattern/)`.
 * (Errors printed by spawned servers go to their own output, which tests read with `app.logs()`.)
 */
import { afterEach, beforeEach, expect } from 'vitest';

let unexpected: string[] = [];
let expected: RegExp[] = [];
const original = console.error;

/** Declares that the current test may print a `console.error` matching `pattern`. */
export function expectConsoleError(pattern: RegExp): void {
  expected.push(pattern);
}

beforeEach(() => {
  unexpected = [];
  expected = [];
  console.error = (...args: unknown[]) => {
    const text = args.map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : String(arg))).join(' ');
    if (!expected.some((pattern) => pattern.test(text))) unexpected.push(text);
    original(...args);
  };
});

afterEach(() => {
  console.error = original;
  expect(unexpected, 'console.error was called and the test did not expect it').toEqual([]);
});
