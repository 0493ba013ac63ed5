/**
 * Theme rounds (issue 43, ADR 043): the community suggests the theme, sorts the suggestions in a
 * quick Yes / No / Skip round, upvotes one finalist, and the winner is revealed at the jam's start.
 * Code both sides run: limits, the phase at a moment, and the key that makes spellings one theme.
 */
export const THEME_MAX = 40;
export const THEME_SUGGESTIONS_PER_PERSON = 3;
export const DEFAULT_THEME_FINALISTS = 16;
export const THEME_FINALISTS_MIN = 2;
export const THEME_FINALISTS_MAX = 64;
export const THEME_ANSWERS = ['yes', 'no', 'skip'] as const;
export type ThemeAnswer = (typeof THEME_ANSWERS)[number];

/**
 * Where the theme is: `off` (no theme rounds), `soon` (before suggestions open), `suggesting`,
 * `round1` (quick sort), `final`, `closed` (voting over, the theme still secret), `revealed` (the
 * jam has started).
 */
export const THEME_PHASES = ['off', 'soon', 'suggesting', 'round1', 'final', 'closed', 'revealed'] as const;
export type ThemePhase = (typeof THEME_PHASES)[number];

type Moment = Date | string | number | null;
export interface ThemeSchedule {
  themeRounds: boolean;
  themeSuggestFrom: Moment;
  themeRound1From: Moment;
  themeFinalFrom: Moment;
  themeClosesAt: Moment;
  startsAt: Date | string | number;
}

const ms = (value: Moment) => (value === null ? Number.NaN : new Date(value).getTime());

export function themePhase(jam: ThemeSchedule, now = Date.now()): ThemePhase {
  if (!jam.themeRounds) return 'off';
  if (now >= ms(jam.startsAt)) return 'revealed';
  if (now >= ms(jam.themeClosesAt)) return 'closed';
  if (now >= ms(jam.themeFinalFrom)) return 'final';
  if (now >= ms(jam.themeRound1From)) return 'round1';
  if (now >= ms(jam.themeSuggestFrom)) return 'suggesting';
  return 'soon';
}

/**
 * The theme as anyone may see it: only once the jam has started, for everyone, managers too (the
 * rule of mystery mode's body, and the same moment every cache already ends at).
 */
export const revealedTheme = (jam: ThemeSchedule & { themeLeader: string | null }, now = Date.now()): string | null =>
  themePhase(jam, now) === 'revealed' ? jam.themeLeader : null;

/** The next moment a theme round opens or closes (a page showing the panel lasts until it), or null. */
export function nextThemeMoment(jam: ThemeSchedule, now = Date.now()): number | null {
  if (!jam.themeRounds) return null;
  const moments = [jam.themeSuggestFrom, jam.themeRound1From, jam.themeFinalFrom, jam.themeClosesAt].map(ms);
  return moments.find((moment) => moment > now) ?? null;
}

const ARTICLE = /^(?:a|an|the)\s+/u;

/**
 * The key that makes one theme of its spellings: accents gone (NFKD, then the combining marks
 * dropped), case folded, anything but letters and digits a space, spaces collapsed, a leading
 * "a", "an" or "the" dropped, and a plural "s" at the end of each word dropped ("The Cats",
 * "cats ", "CATS", "cat" and "Cāts" are one theme). Only ever compared, never shown.
 */
export function themeKey(text: string): string {
  const words = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(ARTICLE, '')
    .split(' ');
  return words
    .map((word) => (word.length > 2 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word))
    .join(' ');
}
