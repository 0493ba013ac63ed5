import { describe, expect, it } from 'vitest';
import { translator } from '#i18n/translate';

describe('the server translator', () => {
  it('is one per locale', () => {
    expect(translator('hu')).toBe(translator('hu'));
    expect(translator('hu')).not.toBe(translator('en'));
  });

  it('answers a call with options asked again as it did the first time, each count and name its own', () => {
    const t = translator('en');
    for (let round = 0; round < 2; round++) {
      expect(t('entry.votes', { count: 1 })).toBe('1 vote');
      expect(t('entry.votes', { count: 3 })).toBe('3 votes');
      expect(t('explore.page', { page: 4 })).toBe(t('explore.page', { page: 4 }));
      expect(t('explore.page', { page: 4 })).not.toBe(t('explore.page', { page: 5 }));
    }
    expect(translator('hu')('entry.votes', { count: 3 })).not.toBe('');
  });

  it('still translates when an option is not a plain value', () => {
    const t = translator('en');
    const count = { valueOf: () => 3, toString: () => '3' };
    expect(t('explore.page', { page: count })).toBe(t('explore.page', { page: 3 }));
  });
});
