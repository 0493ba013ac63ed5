import { describe, expect, it } from 'vitest';
import { LOCALES, isComplete } from '#i18n/locales';
import { localizePath, splitLocale } from '#i18n/paths';

describe('locales', () => {
  it('lists English, Hungarian and Irish with their ISO codes and files', () => {
    expect(LOCALES.map(({ code, iso, file, name }) => ({ code, iso, file, name }))).toEqual([
      { code: 'en', iso: 'en-GB', file: 'en.json', name: 'English' },
      { code: 'hu', iso: 'hu-HU', file: 'hu.json', name: 'Magyar' },
      { code: 'ir', iso: 'ir-IR', file: 'ir.json', name: 'Gaeilge' },
    ]);
  });

  it('computes completeness from key coverage against English', () => {
    expect(LOCALES[0]!.complete).toBe(true);
    expect(isComplete({})).toBe(false);
  });

  it('prefixes every locale but English and splits the prefix off again', () => {
    expect(localizePath('en', '/explore')).toBe('/explore');
    expect(localizePath('hu', '/explore')).toBe('/hu/explore');
    expect(localizePath('ir', '/')).toBe('/ir');
    expect(splitLocale('/hu/jams/x')).toEqual({ locale: 'hu', path: '/jams/x' });
    expect(splitLocale('/ir')).toEqual({ locale: 'ir', path: '/' });
    expect(splitLocale('/explore')).toEqual({ locale: 'en', path: '/explore' });
    expect(splitLocale('/en/explore')).toEqual({ locale: 'en', path: '/en/explore' });
  });
});
