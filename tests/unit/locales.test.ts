import { describe, expect, it } from 'vitest';
import { LOCALES, messages, untranslatedKeys } from '#i18n/locales';
import { localizePath, splitLocale } from '#i18n/paths';

describe('locales', () => {
  it('lists English, Hungarian and Irish with their ISO codes and files', () => {
    expect(LOCALES.map(({ code, iso, file, name }) => ({ code, iso, file, name }))).toEqual([
      { code: 'en', iso: 'en-GB', file: 'en.json', name: 'English' },
      { code: 'hu', iso: 'hu-HU', file: 'hu.json', name: 'Magyar' },
      { code: 'ir', iso: 'ir-IR', file: 'ir.json', name: 'Gaeilge' },
    ]);
  });

  it('states English complete and Hungarian and Irish incomplete, as the specification lists them', () => {
    expect(LOCALES.map(({ code, complete }) => ({ code, complete }))).toEqual([
      { code: 'en', complete: true },
      { code: 'hu', complete: false },
      { code: 'ir', complete: false },
    ]);
  });

  it('a locale stated complete has every key English has', () => {
    for (const locale of LOCALES.filter(({ complete }) => complete)) {
      expect(untranslatedKeys(messages[locale.code]), locale.code).toEqual([]);
    }
    expect(untranslatedKeys({ 'site.name': 'Itinerary' }).length).toBe(Object.keys(messages.en).length - 1);
  });

  it('a translator adding the missing keys does not drop the incomplete marker', () => {
    const filledIn = { ...messages.en, ...messages.hu };
    expect(untranslatedKeys(filledIn)).toEqual([]);
    expect(LOCALES.find(({ code }) => code === 'hu')!.complete).toBe(false);
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
