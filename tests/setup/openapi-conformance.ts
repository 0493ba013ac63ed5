/**
 * The API and security projects load this file: every answer of an app a test started is checked
 * against that app's /api/openapi.json (tests/helpers/openapi-conformance.ts), and a test fails when
 * one did not match — including answers to calls made in its file's `beforeAll`.
 */
import { afterAll, afterEach, expect } from 'vitest';
import { checkAnswersOfStartedApps } from '../helpers/openapi-conformance';

let problems: string[] = [];
checkAnswersOfStartedApps((found) => problems.push(...found));

function expectNoProblems() {
  const found = problems;
  problems = [];
  expect(found, 'answers that do not match /api/openapi.json').toEqual([]);
}

afterEach(expectNoProblems);
afterAll(expectNoProblems);
