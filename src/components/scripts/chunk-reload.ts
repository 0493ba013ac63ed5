/**
 * Spec §4, §8, §9: a failed chunk load (typically after a deployment replaced the old files) reloads
 * the page once; further reloads wait 60 seconds. Deliberately imports nothing, so Astro inlines
 * the script that installs it (ChunkReloadGuard.astro) into <head>, hashed for the CSP: it must run
 * before the page's own module scripts and islands, whose chunks are the ones that may be missing.
 */
export const RELOAD_GUARD_KEY = 'itinerary-chunk-reload-at';
export const RELOAD_GUARD_MS = 60_000;

/** What Chromium, Firefox and Safari say when a module or one of its imports cannot be fetched. */
const CHUNK_FAILURE =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload/i;

export function isChunkLoadFailure(error: unknown): boolean {
  const message = error instanceof Error ? error.message : ((error as { message?: unknown } | null)?.message ?? error);
  return CHUNK_FAILURE.test(String(message));
}

/**
 * Reloads unless a chunk reload happened in the last 60 seconds; true if it reloads. Without
 * sessionStorage (blocked by the browser) it does not reload: nothing could stop a loop.
 */
export function reloadUnlessRecentlyReloaded(
  storage: Pick<Storage, 'getItem' | 'setItem'> | null = safeSessionStorage(),
  now = Date.now(),
  reload = () => location.reload(),
): boolean {
  if (!storage) return false;
  try {
    const last = Number(storage.getItem(RELOAD_GUARD_KEY) ?? 0);
    if (now - last >= 0 && now - last < RELOAD_GUARD_MS) return false;
    storage.setItem(RELOAD_GUARD_KEY, String(now));
  } catch {
    return false;
  }
  reload();
  return true;
}

function safeSessionStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Only our own bundles: a third-party script failing is not a stale deployment. */
const isOwnModuleScript = (target: EventTarget | null): boolean =>
  target instanceof HTMLScriptElement &&
  target.type === 'module' &&
  target.src !== '' &&
  new URL(target.src).origin === location.origin;

export function reloadOnceAfterChunkFailure(): void {
  // Vite's preload helper (CSS and imports of dynamic imports inside our bundles).
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadUnlessRecentlyReloaded()) event.preventDefault();
  });
  // An island whose component or renderer chunk could not be imported (Astro retries once first).
  window.addEventListener('astro:hydration-error', (event) => {
    const { error } = (event as CustomEvent<{ error: unknown }>).detail ?? {};
    if (isChunkLoadFailure(error) && reloadUnlessRecentlyReloaded()) event.preventDefault();
  });
  // A dynamic import() of ours that nobody caught.
  window.addEventListener('unhandledrejection', (event) => {
    if (isChunkLoadFailure(event.reason)) reloadUnlessRecentlyReloaded();
  });
  // A <script type="module" src="/_astro/…"> (or one of its static imports) that could not be fetched.
  window.addEventListener(
    'error',
    (event) => {
      if (isOwnModuleScript(event.target)) reloadUnlessRecentlyReloaded();
    },
    true,
  );
}
