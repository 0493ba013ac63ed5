import { createHash } from 'node:crypto';
import { COLOR_MODE_STORAGE_KEY } from '../lib/color-mode';

/**
 * Applies the colour mode before the first paint (spec §4: no flash of the wrong theme).
 * The same bytes on every page; ThemeScript.astro allows it in the CSP by its hash.
 */
export const THEME_SCRIPT = `(function () {
  var root = document.documentElement;
  var themes = { light: 1, dark: 1, flame: 1 };
  var mode = root.getAttribute('data-force-theme');
  root.classList.add('js');
  if (!themes[mode]) {
    try {
      mode = localStorage.getItem('${COLOR_MODE_STORAGE_KEY}');
    } catch (e) {}
  }
  if (!themes[mode]) mode = matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  root.setAttribute('data-theme', mode);
})();`;

export const THEME_SCRIPT_HASH: `sha256-${string}` = `sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}`;
