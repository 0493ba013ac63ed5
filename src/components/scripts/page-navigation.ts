/**
 * Multi-page navigation niceties (spec §2, §4): the progress bar while the next page loads,
 * one reload after a failed chunk load (then none for 60 s) and idle-time link prefetch.
 */
import { finishProgress, resetProgress, startProgress } from '../../stores/progress';

const STUCK_NAVIGATION_MS = 15_000;
const RELOAD_GUARD_KEY = 'itinerary-chunk-reload-at';
const RELOAD_GUARD_MS = 60_000;

function isPageNavigation(anchor: HTMLAnchorElement, event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  if (anchor.target && anchor.target !== '_self') return false;
  if (anchor.hasAttribute('download')) return false;
  const url = new URL(anchor.href, location.href);
  if (url.origin !== location.origin) return false;
  return !(url.pathname === location.pathname && url.search === location.search);
}

function showProgressUntilUnload(): void {
  startProgress();
  // A navigation that never unloads the page (a download, a 204) must not leave the bar hanging.
  setTimeout(() => finishProgress(true), STUCK_NAVIGATION_MS);
}

export function trackNavigationProgress(): void {
  document.addEventListener('click', (event) => {
    const anchor = (event.target as Element | null)?.closest?.('a[href]');
    if (anchor instanceof HTMLAnchorElement && isPageNavigation(anchor, event)) showProgressUntilUnload();
  });
  document.addEventListener('submit', (event) => {
    if (!event.defaultPrevented) showProgressUntilUnload();
  });
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) resetProgress();
  });
}

const CHUNK_FAILURE = /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i;

/** Reloads unless a reload for the same reason happened in the last 60 seconds; true if it reloads. */
export function reloadUnlessRecentlyReloaded(storage: Storage = sessionStorage, now = Date.now(), reload = () => location.reload()): boolean {
  const last = Number(storage.getItem(RELOAD_GUARD_KEY) ?? 0);
  if (now - last < RELOAD_GUARD_MS) return false;
  storage.setItem(RELOAD_GUARD_KEY, String(now));
  reload();
  return true;
}

/**
 * Spec §4: a failed chunk load (typically after a new deployment replaced the old files)
 * reloads the page once; further reloads wait 60 seconds.
 */
export function reloadOnceAfterChunkFailure(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadUnlessRecentlyReloaded()) event.preventDefault();
  });
  window.addEventListener('unhandledrejection', (event) => {
    const reason = event.reason as { message?: unknown } | undefined;
    if (CHUNK_FAILURE.test(String(reason?.message ?? reason))) reloadUnlessRecentlyReloaded();
  });
  window.addEventListener(
    'error',
    (event) => {
      if (event.target instanceof HTMLScriptElement && event.target.type === 'module') reloadUnlessRecentlyReloaded();
    },
    true,
  );
}
