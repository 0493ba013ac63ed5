/**
 * The API and security projects load this file: every answer of an app a test started is checked
 * against that app's /api/openapi.json (tests/helpers/openapi-conformance.ts) after each test, and
 * the test fails when one did not match — answers to calls in its file's `beforeAll` included.
 */
import { afterAll, afterEach, expect } from 'vitest';
import { checkReceivedAnswers, keepAnswersOfStartedApps } from '../helpers/openapi-conformance';

keepAnswersOfStartedApps();

async function expectNoProblems() {
  expect(await checkReceivedAnswers(), 'answers that do not match /api/openapi.json').toEqual([]);
}

afterEach(expectNoProblems);
afterAll(expectNoProblems);
