/** Picks the plural form for `count` ({one, other} at least) and fills in {{count}}. */
export type PluralForms = { one: string; other: string } & Partial<Record<'zero' | 'two' | 'few' | 'many', string>>;

export function plural(lang: string, forms: PluralForms, count: number): string {
  const category = new Intl.PluralRules(lang).select(count) as keyof PluralForms;
  return (forms[category] ?? forms.other).replaceAll('{{count}}', String(count));
}
