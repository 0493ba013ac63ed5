import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase64 } from '@oslojs/encoding';
import { COLOR_MODE_STORAGE_KEY } from '#lib/color-mode';

/**
 * Applies the colour mode before the first paint (spec §4: no flash of the wrong colours), and
 * marks every image that fails to load with `data-failed` so CSS hides it over its generated art
 * or placeholder (no broken-image icon). Listening here, in the head, catches failures that
 * happen before any module script runs; a later successful load clears the mark.
 * The same bytes on every page; ColorModeScript.astro allows it in the CSP by its hash.
 */
export const COLOR_MODE_SCRIPT = `(function () {
  var root = document.documentElement;
  var modes = { light: 1, dark: 1, flame: 1 };
  var mode = root.getAttribute('data-force-color-mode');
  root.classList.add('js');
  if (!modes[mode]) {
    try {
      mode = localStorage.getItem('${COLOR_MODE_STORAGE_KEY}');
    } catch (e) {}
  }
  if (!modes[mode]) mode = matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  root.setAttribute('data-color-mode', mode);
  function mark(event) {
    var target = event.target;
    if (target && target.tagName === 'IMG') {
      if (event.type === 'error') target.setAttribute('data-failed', '');
      else target.removeAttribute('data-failed');
    }
  }
  document.addEventListener('error', mark, true);
  document.addEventListener('load', mark, true);
})();`;

export const COLOR_MODE_SCRIPT_HASH: `sha256-${string}` = `sha256-${encodeBase64(sha256(new TextEncoder().encode(COLOR_MODE_SCRIPT)))}`;
