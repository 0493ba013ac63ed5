import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CAT_CLOSE_LABELS, CAT_JOKES, CAT_PICTURE_COUNT, catPictureUrl, randomCloseLabel, randomIndexOtherThan } from '#lib/cats';

const publicDir = new URL('../../public', import.meta.url).pathname;

describe('the error screen cats', () => {
  it('ships 48 different cat pictures and 30 jokes', () => {
    expect(CAT_PICTURE_COUNT).toBe(48);
    expect(readdirSync(`${publicDir}/cats`).filter((f) => f.endsWith('.svg'))).toHaveLength(48);
    for (let i = 0; i < CAT_PICTURE_COUNT; i++) expect(existsSync(`${publicDir}${catPictureUrl(i)}`)).toBe(true);
    expect(new Set(CAT_JOKES).size).toBe(30);
  });

  it('never picks the one just shown', () => {
    for (let previous = 0; previous < 48; previous++) {
      for (const r of [0, 0.2, 0.5, 0.999]) {
        const next = randomIndexOtherThan(48, previous, () => r);
        expect(next).not.toBe(previous);
        expect(next).toBeGreaterThanOrEqual(0);
        expect(next).toBeLessThan(48);
      }
    }
  });

  it("labels the close button 'Paw-don me' or 'Paw-down me'", () => {
    expect(CAT_CLOSE_LABELS).toEqual(['Paw-don me', 'Paw-down me']);
    expect(randomCloseLabel(() => 0)).toBe('Paw-don me');
    expect(randomCloseLabel(() => 0.99)).toBe('Paw-down me');
  });
});
