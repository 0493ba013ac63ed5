import { describe, expect, expectTypeOf, it } from 'vitest';
import en from '../../locales/en.json';
import hu from '../../locales/hu.json';
import ir from '../../locales/ir.json';
import { type MessageKey, MESSAGE_KEYS, translator } from '#i18n/translate';
import type { PluralBase, Translate } from '#i18n/setup';

// The type-level half of this file is checked by `tsc --noEmit -p .` (npm run check), not by vitest.
const t: Translate = translator('en');

describe('message keys', () => {
  it('are typed: a key English lacks does not compile', () => {
    // @ts-expect-error -- not a key in en.json
    expect(t('nav.doesNotExist')).toBe('nav.doesNotExist');
    // @ts-expect-error -- plural forms are called by their base, as i18next does
    t('countdown.days_one', { count: 1 });
    const chip = 'upcoming' as 'upcoming' | 'ongoing' | 'ended';
    expect(t(`explore.status.${chip}`)).toBe('Upcoming');
    expect(t('countdown.days', { count: 2 })).toBe('2 days');

    expectTypeOf<'nav.home' | 'countdown.days' | 'explore.results'>().toExtend<MessageKey>();
    expectTypeOf<'countdown.days_one'>().not.toExtend<MessageKey>();
    expectTypeOf<PluralBase<'a.b_c_one' | 'a.d_ordinal_few' | 'a.e_other' | 'a.f'>>().toEqualTypeOf<
      'a.b_c' | 'a.d' | 'a.e' | 'a.f'
    >();
    expectTypeOf(MESSAGE_KEYS).toEqualTypeOf<MessageKey[]>();
  });

  it('MESSAGE_KEYS lists exactly the keys of en.json, plural forms once by their base', () => {
    const expected = [...new Set(Object.keys(en).map((key) => key.replace(/_(one|other)$/, '')))].sort();
    expect([...MESSAGE_KEYS].sort()).toEqual(expected);
    expect(MESSAGE_KEYS).toContain('countdown.days');
    expect(MESSAGE_KEYS).not.toContain('countdown.days_one');
    for (const key of MESSAGE_KEYS) expect(t(key, { count: 1 }), key).not.toBe(key);
  });

  it('hu.json and ir.json have no key English lacks', () => {
    const english = new Set(Object.keys(en));
    expect(Object.keys(hu).filter((key) => !english.has(key))).toEqual([]);
    expect(Object.keys(ir).filter((key) => !english.has(key))).toEqual([]);
  });
});
