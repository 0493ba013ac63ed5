/**
 * The privacy page's retention sentences (issue 41 §3) take their numbers from the code that keeps
 * things (src/pages/[...locale]/privacy.astro passes them in), so no translation may carry a digit
 * of its own, and each must use the numbers it is given.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const PLACEHOLDERS: Record<string, string[]> = {
  'privacy.kept.sessions': ['days'],
  'privacy.kept.logins': ['minutes', 'hours'],
  'privacy.kept.refusals': ['refusals', 'window', 'mute'],
  'privacy.kept.rateLimits': ['hours'],
  'privacy.kept.retries': ['hours'],
};

describe('the privacy page’s retention texts', () => {
  for (const locale of ['en', 'hu', 'ir']) {
    const texts = JSON.parse(readFileSync(join(ROOT, `locales/${locale}.json`), 'utf8')) as Record<string, string>;
    it(`${locale}: every number comes from the code`, () => {
      for (const [key, names] of Object.entries(PLACEHOLDERS)) {
        expect(texts[key], key).toBeDefined();
        expect(texts[key]!.replace(/\{\{\w+\}\}/g, ''), key).not.toMatch(/\d/);
        for (const name of names) expect(texts[key], key).toContain(`{{${name}}}`);
      }
    });
  }

  it('the page passes each text the numbers it names', () => {
    const page = readFileSync(join(ROOT, 'src/pages/[...locale]/privacy.astro'), 'utf8');
    for (const [key, names] of Object.entries(PLACEHOLDERS)) {
      const item = key.split('.').at(-1)!;
      const line = page.split('\n').find((text) => text.trim().startsWith(`${item}:`));
      expect(line, item).toBeDefined();
      for (const name of names) expect(line, `${item} ${name}`).toMatch(new RegExp(`\\b${name}:`));
    }
  });
});
