/**
 * The bell's number (issue 34 §2): unread inbox items of the logged-in person. Pages are the same
 * for everyone, so the browser asks for it after the session is known, again when the tab comes back
 * into view, and every few minutes while it is visible. A quiet fetch: no progress bar, no toast.
 */
import { atom } from 'nanostores';
import { loadPageViewer } from './page-viewer';

/** null: not known (yet), or nobody is logged in. */
export const $unread = atom<number | null>(null);

export const UNREAD_REFRESH_MS = 3 * 60 * 1000;

let inFlight: Promise<void> | null = null;

export function loadUnread(): Promise<void> {
  inFlight ??= fetch('/api/me/notifications/unread', { credentials: 'same-origin', headers: { accept: 'application/json' } })
    .then(async (response) => {
      const body = (await response.json().catch(() => null)) as { count?: unknown } | null;
      if (response.ok && typeof body?.count === 'number') $unread.set(body.count);
    })
    .catch(() => undefined)
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/** The first number: from the page's viewer document when the page has one (ADR 034). */
async function loadFirstUnread(): Promise<void> {
  const unread = await loadPageViewer().then(
    (viewer) => viewer?.unread ?? null,
    () => null,
  );
  if (unread === null) return loadUnread();
  $unread.set(unread);
}

/** Keeps the number fresh while the page is open; returns the way to stop. */
export function watchUnread(): () => void {
  void loadFirstUnread();
  const onVisible = () => {
    if (document.visibilityState === 'visible') void loadUnread();
  };
  const timer = setInterval(onVisible, UNREAD_REFRESH_MS);
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('focus', onVisible);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('focus', onVisible);
  };
}
