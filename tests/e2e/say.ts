/** The site's texts as the e2e specs expect them, from the locale files the pages use. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export type Code = 'en' | 'hu' | 'ir';
export type Key = keyof typeof import('../../locales/en.json');

/** Read as files: Playwright's loader does not import JSON modules. */
const messagesOf = (code: Code): Partial<Record<Key, string>> =>
  JSON.parse(readFileSync(resolve(import.meta.dirname, `../../locales/${code}.json`), 'utf8'));
const MESSAGES = { en: messagesOf('en'), hu: messagesOf('hu'), ir: messagesOf('ir') };

/** A message as the page shows it in `code` (English where the locale lacks it), `{{x}}` filled in. */
export const say = (code: Code, key: Key, values: Record<string, string | number> = {}) =>
  (MESSAGES[code][key] ?? MESSAGES.en[key]!).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
