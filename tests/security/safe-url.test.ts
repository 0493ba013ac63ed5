import { describe, expect, it } from 'vitest';
import { httpUrlOrNull } from '#lib/safe-url';
import { DANGEROUS_URLS } from './xss-payloads';

describe('addresses that may become images', () => {
  it('keeps http and https addresses', () => {
    expect(httpUrlOrNull('https://cdn2.scratch.mit.edu/get_image/project/1_480x360.png')).toBe(
      'https://cdn2.scratch.mit.edu/get_image/project/1_480x360.png',
    );
    expect(httpUrlOrNull('http://example.org/a b.png')).toBe('http://example.org/a%20b.png');
  });

  it.each(DANGEROUS_URLS.filter((url) => !/^https?:/.test(url)))('drops %j', (url) => {
    expect(httpUrlOrNull(url)).toBeNull();
  });

  it('drops what is missing or relative', () => {
    expect([httpUrlOrNull(null), httpUrlOrNull(undefined), httpUrlOrNull(''), httpUrlOrNull('/relative.png')]).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });

  it('keeps a quote-breaking address harmless by encoding it', () => {
    expect(httpUrlOrNull('https://example.org/"onerror="x')).toBe('https://example.org/%22onerror=%22x');
  });
});
