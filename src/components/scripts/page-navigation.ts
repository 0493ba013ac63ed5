/**
 * Multi-page navigation niceties (spec §2, §4): the progress bar while the next page loads.
 * The reload after a failed chunk load lives in chunk-reload.ts (installed from <head>).
 */
import { finishProgress, resetProgress, startProgress } from '#stores/progress';

const STUCK_NAVIGATION_MS = 15_000;

function isPageNavigation(anchor: HTMLAnchorElement, event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return false;
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
