/** Colour modes (spec §1, §4): the visitor's preference and the mode actually shown. */
export const COLOR_MODE_PREFERENCES = ['system', 'light', 'dark', 'flame'] as const;
export type ColorModePreference = (typeof COLOR_MODE_PREFERENCES)[number];
export type ColorMode = Exclude<ColorModePreference, 'system'>;

/** The one localStorage key; the inline head script in ColorModeScript.astro reads the same key. */
export const COLOR_MODE_STORAGE_KEY = 'itinerary-color-mode';

export const isColorModePreference = (value: unknown): value is ColorModePreference =>
  typeof value === 'string' && (COLOR_MODE_PREFERENCES as readonly string[]).includes(value);

export function resolveColorMode(preference: ColorModePreference, systemPrefersDark: boolean): ColorMode {
  if (preference !== 'system') return preference;
  return systemPrefersDark ? 'dark' : 'light';
}

export const FORCED_SYSTEM_WARNING =
  'A page cannot force the "system" colour mode; pass light, dark or flame. The visitor\'s preference is used instead.';

/** A page may force light, dark or flame; forcing `system` is refused with a console warning. */
export function validForcedMode(mode: string | undefined | null): ColorMode | undefined {
  if (mode === undefined || mode === null || mode === '') return undefined;
  if (mode === 'system') {
    console.warn(FORCED_SYSTEM_WARNING);
    return undefined;
  }
  if (!isColorModePreference(mode)) {
    console.warn(`Unknown colour mode "${mode}"; expected light, dark or flame.`);
    return undefined;
  }
  return mode as ColorMode;
}
