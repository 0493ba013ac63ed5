/**
 * Two linters we did not write agree that /api/openapi.json is a sound OpenAPI document: Redocly's
 * recommended rules and Spectral's `spectral:oas` (the ruleset in .spectral.yaml). Errors fail;
 * warnings are shown by the commands but allowed. Both run offline.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '#server/openapi/document';

const ROOT = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

let folder: string;
let file: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'openapi-lint-'));
  file = join(folder, 'openapi.json');
  await writeFile(file, JSON.stringify(openApiDocument('https://itinerary.example')));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

/** Runs a linter's command line with this Node; its exit code and what it printed. */
async function lint(bin: string, args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [join(ROOT, 'node_modules/.bin', bin), ...args], {
      cwd: ROOT,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      maxBuffer: 16 * 1024 * 1024,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

describe('the OpenAPI document, as the linters see it', { timeout: 180_000 }, () => {
  it('has no errors by Redocly’s recommended rules', async () => {
    const { code, output } = await lint('redocly', ['lint', file, '--format=stylish']);
    expect(output).toContain('Your API description is valid');
    expect(code, output).toBe(0);
  });

  it('has no errors by Spectral’s spectral:oas rules', async () => {
    const { code, output } = await lint('spectral', ['lint', file, '--ruleset', '.spectral.yaml', '--fail-severity', 'error']);
    expect(code, output).toBe(0);
  });
});
