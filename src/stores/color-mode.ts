/**
 * The colour mode (spec §4): the preference lives in localStorage under one key and syncs
 * across tabs; `system` follows the OS setting live. The first paint is handled by the inline
 * script in ColorModeScript.astro; this store keeps the document in step afterwards.
 */
import { persistentAtom } from '@nanostores/persistent';
import { atom, computed } from 'nanostores';
import {
  COLOR_MODE_STORAGE_KEY,
  type ColorModePreference,
  type ColorMode,
  isColorModePreference,
  resolveColorMode,
  validForcedMode,
} from '#lib/color-mode';

export const $colorModePreference = persistentAtom<ColorModePreference>(COLOR_MODE_STORAGE_KEY, 'system', {
  encode: (value) => value,
  decode: (stored) => (isColorModePreference(stored) ? stored : 'system'),
});

export const $systemPrefersDark = atom(false);
/** A mode the current page forces (never `system`), or undefined. */
export const $forcedColorMode = atom<ColorMode | undefined>(undefined);

export const $colorMode = computed(
  [$colorModePreference, $systemPrefersDark, $forcedColorMode],
  (preference, systemDark, forced) => forced ?? resolveColorMode(preference, systemDark),
);

export function setColorModePreference(preference: ColorModePreference): void {
  $colorModePreference.set(preference);
}

/** Lets a page force light, dark or flame; `system` is refused with a console warning. */
export function forceColorMode(mode: string | undefined): void {
  $forcedColorMode.set(validForcedMode(mode));
}

let synced = false;

/** Keeps `<html data-color-mode>` equal to the store, follows the OS setting and other tabs. Runs once per page. */
export function syncColorModeWithDocument(): void {
  if (synced || typeof window === 'undefined') return;
  synced = true;
  const root = document.documentElement;
  const forced = root.dataset.forceColorMode;
  if (forced) forceColorMode(forced);
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  $systemPrefersDark.set(media.matches);
  media.addEventListener('change', (event) => $systemPrefersDark.set(event.matches));
  $colorMode.subscribe((mode) => {
    root.dataset.colorMode = mode;
  });
}
