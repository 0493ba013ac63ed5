/**
 * Issue 55 §5: one table of rate limits (src/server/http/rate-limits.ts), one of refusal texts
 * (src/server/auth/refusals.ts), and every error toast of the islands through `reportFailure`.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REFUSALS } from '#server/auth/refusals';
import { RATE_LIMITS } from '#server/http/rate-limits';

const ROOT = resolve(import.meta.dirname, '../..');
const files = (folder: string) =>
  readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|astro)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
const matching = (folder: string, pattern: RegExp, except: string[] = []) =>
  files(folder)
    .map((file) => relative(ROOT, file))
    .filter((file) => !except.includes(file) && pattern.test(readFileSync(join(ROOT, file), 'utf8')));

describe('one table of rate limits', () => {
  it('creates every limiter in the table, none elsewhere', () => {
    expect(matching('src', /\bcreateRateLimiter\(/, ['src/server/http/rate-limit.ts', 'src/server/http/rate-limits.ts'])).toEqual(
      [],
    );
  });

  it('has every endpoint name its row rather than build a limit by hand', () => {
    expect(matching('src/pages', /\blimiter:/)).toEqual([]);
  });

  it('gives notes, kudos, reports, ratings and the theme rounds buckets of their own', () => {
    const used = files('src/pages')
      .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/rateLimitOf\('([^']+)'\)/g)].map((match) => match[1]!))
      .sort();
    for (const own of [
      'notes',
      'kudos',
      'reports',
      'ratings',
      'theme-answers',
      'theme-picks',
      'theme-suggestions',
      'judge-feedback',
    ])
      expect(used, own).toContain(own);
    // Every row is used by some endpoint.
    expect([...new Set(used)].sort()).toEqual(Object.keys(RATE_LIMITS).sort());
  });
});

describe('one table of refusal texts', () => {
  it('has no 403 written by hand outside it', () => {
    expect(
      matching('src', /AppError\(\s*403,\s*'forbidden'|\bforbidden\(\s*['`A-Z]/, [
        'src/server/auth/refusals.ts',
        'src/server/platform/errors.ts',
      ]),
    ).toEqual([]);
  });

  it('has no text twice', () => {
    const texts = Object.values(REFUSALS);
    expect(new Set(texts).size).toBe(texts.length);
  });
});

describe('error toasts', () => {
  it('go through reportFailure (the components demo shows each toast type by hand)', () => {
    expect(matching('src/islands', /type:\s*'error'/, ['src/islands/ComponentsDemo.tsx'])).toEqual([]);
  });
});
