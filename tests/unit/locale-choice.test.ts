import { describe, expect, it } from 'vitest';
import { LOCALE_COOKIE, localeFromAcceptLanguage, preferredLocale } from '#i18n/locale-choice';
import { redirectToPreferredLocale } from '#server/middleware/locale-redirect';

const context = (path: string, { cookie, language }: { cookie?: string; language?: string } = {}) => {
  const url = new URL(`http://localhost${path}`);
  const headers = new Headers(language ? { 'accept-language': language } : {});
  return {
    url,
    request: new Request(url, { headers }),
    cookies: { get: (name: string) => (name === LOCALE_COOKIE && cookie ? { value: cookie } : undefined) },
  } as unknown as Parameters<typeof redirectToPreferredLocale>[0];
};

describe('choosing the locale', () => {
  it('takes the best supported language of Accept-Language by q-value', () => {
    expect(localeFromAcceptLanguage('de-DE,hu;q=0.8,en;q=0.5')).toBe('hu');
    expect(localeFromAcceptLanguage('en;q=0.4, hu-HU;q=0.9')).toBe('hu');
    expect(localeFromAcceptLanguage('fr, de')).toBeUndefined();
    expect(localeFromAcceptLanguage(undefined)).toBeUndefined();
  });

  it('maps the browser tag for Irish (ga) to the ir locale', () => {
    expect(localeFromAcceptLanguage('ga-IE,en;q=0.5')).toBe('ir');
  });

  it('prefers the locale cookie over the browser languages and ignores unknown cookie values', () => {
    expect(preferredLocale('ir', 'hu')).toBe('ir');
    expect(preferredLocale('xx', 'hu')).toBe('hu');
    expect(preferredLocale(undefined, 'fr')).toBe('en');
  });
});

describe('the redirect from the root path', () => {
  it('sends a Hungarian browser from / to /hu, keeping the query', () => {
    const response = redirectToPreferredLocale(context('/?ref=x', { language: 'hu-HU,hu;q=0.9' }));
    expect(response?.status).toBe(302);
    expect(response?.headers.get('location')).toBe('/hu?ref=x');
  });

  it('follows the cookie even when the browser asks for another language', () => {
    expect(redirectToPreferredLocale(context('/', { cookie: 'ir', language: 'hu' }))?.headers.get('location')).toBe('/ir');
  });

  it('does not redirect English visitors, nor any path but the root', () => {
    expect(redirectToPreferredLocale(context('/', { language: 'en-GB' }))).toBeUndefined();
    expect(redirectToPreferredLocale(context('/about', { language: 'hu' }))).toBeUndefined();
    expect(redirectToPreferredLocale(context('/explore', { cookie: 'hu' }))).toBeUndefined();
  });
});

describe('the page path', () => {
  it('drops the locale prefix and a trailing slash', async () => {
    const { pagePath } = await import('#i18n/current-path');
    expect(pagePath('/hu/about/')).toBe('/about');
    expect(pagePath('/ir')).toBe('/');
    expect(pagePath('/')).toBe('/');
    expect(pagePath('/jams/x')).toBe('/jams/x');
  });
});
