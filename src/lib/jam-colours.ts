/**
 * A host's own accent colour (issue 57, ADR 049). The jam's pages draw it as bands, borders, bars
 * and lines on the page and on cards, and as the fill of its labels, in every colour scheme: so it
 * must stand out 3:1 from each scheme's background and raised surface (WCAG 2.2 AA for graphics,
 * SC 1.4.11), and a label on it (white or the light scheme's text, whichever reads better) must
 * reach 4.5:1 (SC 1.4.3). A colour that fails is refused with the nearest one that passes.
 */

/** The schemes' page background and raised surface, as in src/styles/tokens.css (kept equal by tests/unit/jam-story.test.ts). */
export const SCHEME_SURFACES = {
  light: ['#f4f6fb', '#ffffff'],
  dark: ['#111421', '#222842'],
  flame: ['#fff7ed', '#fffaf4'],
} as const;
export type Scheme = keyof typeof SCHEME_SURFACES;
export const GRAPHICS_CONTRAST = 3;
export const TEXT_CONTRAST = 4.5;
const LABELS = ['#ffffff', '#1b1f2e'] as const;

export const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

type Rgb = [number, number, number];

const rgbOf = (hex: string): Rgb => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
const hexOf = ([r, g, b]: Rgb) => `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

function luminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The label colour that reads best on the accent. */
export const labelOn = (accent: string): string =>
  contrast(accent, LABELS[0]) >= contrast(accent, LABELS[1]) ? LABELS[0] : LABELS[1];

export interface AccentCheck {
  ok: boolean;
  /** The lowest contrast against a scheme's surfaces, and which scheme. */
  worst: { scheme: Scheme; ratio: number };
  /** The nearest colour that passes (the same hue and saturation, another lightness); null when `ok`. */
  suggestion: string | null;
}

function passes(hex: string): { ok: boolean; worst: { scheme: Scheme; ratio: number } } {
  let worst = { scheme: 'light' as Scheme, ratio: Infinity };
  for (const [scheme, surfaces] of Object.entries(SCHEME_SURFACES) as [Scheme, readonly string[]][]) {
    for (const surface of surfaces) {
      const ratio = contrast(hex, surface);
      if (ratio < worst.ratio) worst = { scheme, ratio };
    }
  }
  const ok = worst.ratio >= GRAPHICS_CONTRAST && contrast(hex, labelOn(hex)) >= TEXT_CONTRAST;
  return { ok, worst: { scheme: worst.scheme, ratio: Math.round(worst.ratio * 100) / 100 } };
}

export function checkAccent(hex: string): AccentCheck {
  const colour = hex.toLowerCase();
  const result = passes(colour);
  return { ...result, suggestion: result.ok ? null : nearestPassing(colour) };
}

/** The passing colour nearest in lightness (then in saturation) to `hex`, keeping its hue. */
export function nearestPassing(hex: string): string {
  const [h, s, l] = hslOf(rgbOf(hex));
  for (let saturation = s; saturation >= 0; saturation -= 0.1) {
    for (let step = 0; step <= 100; step++) {
      for (const lightness of [l - step / 100, l + step / 100]) {
        if (lightness < 0 || lightness > 1) continue;
        const candidate = hexOf(rgbOfHsl(h, saturation, lightness));
        if (passes(candidate).ok) return candidate;
      }
    }
  }
  return '#6b6b6b';
}

function hslOf([r, g, b]: Rgb): Rgb {
  const [rr, gg, bb] = [r / 255, g / 255, b / 255];
  const max = Math.max(rr, gg, bb);
  const min = Math.min(rr, gg, bb);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === rr ? (gg - bb) / d + (gg < bb ? 6 : 0) : max === gg ? (bb - rr) / d + 2 : (rr - gg) / d + 4;
  return [h / 6, s, l];
}

function rgbOfHsl(h: number, s: number, l: number): Rgb {
  if (s <= 0) return [l * 255, l * 255, l * 255];
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number) => {
    const u = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (u < 1 / 6) return p + (q - p) * 6 * u;
    if (u < 1 / 2) return q;
    if (u < 2 / 3) return p + (q - p) * (2 / 3 - u) * 6;
    return p;
  };
  return [channel(h + 1 / 3) * 255, channel(h) * 255, channel(h - 1 / 3) * 255];
}

/** The custom properties a jam's page sets for its accent (undefined: the site's own). */
export function accentStyle(accent: string | null | undefined): string | undefined {
  if (!accent || !HEX_COLOUR.test(accent)) return undefined;
  return `--jam-accent: ${accent}; --jam-accent-text: ${labelOn(accent)}`;
}
