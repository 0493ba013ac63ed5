import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { LOCALE_CODES, type LocaleCode } from '#i18n/codes';
import { islandMessages } from '#i18n/island';
import { islandTranslator } from '#i18n/island-translate';
import { IslandI18n, useT } from '#i18n/react';
import { type MessageKey, MESSAGE_KEYS, translator } from '#i18n/translate';

/**
 * Hungarian without "Home" and "{{count}} vote(s)" (gaps English fills) and without the singular of
 * "{{count}} days" (which i18next fills with Hungarian's own plural, on the server and in islands alike).
 */
const DROPPED = vi.hoisted(() => ['nav.home', 'entry.votes_one', 'entry.votes_other', 'countdown.days_one']);
vi.mock('../../locales/hu.json', async (importOriginal) => {
  const { default: hu } = await importOriginal<{ default: Record<string, string> }>();
  return { default: Object.fromEntries(Object.entries(hu).filter(([key]) => !DROPPED.includes(key))) };
});

type Call = [MessageKey, { count: number }?];

/** What an island shows for each call, rendered through IslandI18n as a page's island is. */
function islandTexts(locale: LocaleCode, prefixes: string[], calls: Call[]): string[] {
  let texts: string[] = [];
  function Probe() {
    const t = useT();
    texts = calls.map(([key, options]) => t(key, options));
    return null;
  }
  renderToString(createElement(IslandI18n, { messages: islandMessages(locale, prefixes), children: createElement(Probe) }));
  return texts;
}

describe('island messages', () => {
  it('bring English for the keys Hungarian lacks, and only for those', () => {
    const { resources, english } = islandMessages('hu', ['nav.']);
    expect(resources['nav.about']).toBe('Rólunk');
    expect(resources['nav.home']).toBeUndefined();
    expect(english).toEqual({ 'nav.home': 'Home' });
    expect(islandMessages('en', ['nav.']).english).toBeUndefined();
    expect(islandMessages('hu', ['jam.startingIn']).english).toBeUndefined();
  });

  it('are picked once per locale and prefixes, and stay apart for other locales or prefixes', () => {
    const countdown = islandMessages('hu', ['jam.startingIn', 'jam.endingIn']);
    expect(islandMessages('hu', ['jam.startingIn', 'jam.endingIn'])).toBe(countdown);
    expect(islandMessages('ir', ['jam.startingIn', 'jam.endingIn'])).not.toBe(countdown);
    expect(islandMessages('ir', ['jam.startingIn', 'jam.endingIn']).locale).toBe('ir');
    const nav = islandMessages('hu', ['jam.startingIn', 'nav.']);
    expect(nav).not.toBe(countdown);
    expect(nav.resources['nav.about']).toBe('Rólunk');
    expect(countdown.resources['nav.about']).toBeUndefined();
  });

  it('show English where Hungarian lacks a message, as the server does', () => {
    const calls: Call[] = [
      ['nav.home'],
      ['nav.about'],
      ['entry.votes', { count: 1 }],
      ['entry.votes', { count: 3 }],
      ['countdown.days', { count: 1 }],
      ['countdown.days', { count: 3 }],
    ];
    const server = translator('hu');
    const texts = islandTexts('hu', ['nav.', 'entry.', 'countdown.'], calls);
    expect(texts).toEqual(['Home', 'Rólunk', '1 vote', '3 votes', '1 nap', '3 nap']);
    expect(texts).toEqual(calls.map(([key, options]) => server(key, options)));
  });

  it('translate with one translator per messages object, which answers a call asked again as the first time', () => {
    const messages = islandMessages('hu', ['entry.', 'countdown.']);
    const t = islandTranslator(messages);
    expect(islandTranslator(messages)).toBe(t);
    expect(islandTranslator({ ...messages })).not.toBe(t);
    for (let round = 0; round < 2; round++) {
      expect(t('entry.votes', { count: 1 })).toBe('1 vote');
      expect(t('entry.votes', { count: 3 })).toBe('3 votes');
      expect(t('countdown.days', { count: 3 })).toBe('3 nap');
    }
  });

  it('show what the server shows for every key in every locale', () => {
    const calls = MESSAGE_KEYS.flatMap((key): Call[] => [0, 1, 2, 5].map((count) => [key, { count }]));
    for (const locale of LOCALE_CODES) {
      const server = translator(locale);
      expect(islandTexts(locale, [''], calls), locale).toEqual(calls.map(([key, options]) => server(key, options)));
    }
  });

  it('give the server the same text for a key asked twice, in each locale, with or without options', () => {
    for (const locale of LOCALE_CODES) {
      const first = translator(locale);
      const again = translator(locale);
      expect(
        MESSAGE_KEYS.map((key) => again(key)),
        locale,
      ).toEqual(MESSAGE_KEYS.map((key) => first(key, {})));
    }
    expect(translator('hu')('nav.about')).toBe('Rólunk');
    expect(translator('en')('nav.about')).toBe('About');
    expect(translator('hu')('nav.home')).toBe('Home');
  });
});
