import { describe, expect, it, vi } from 'vitest';
import { isChunkLoadFailure, reloadUnlessRecentlyReloaded } from '../../src/components/scripts/chunk-reload';
import { canPrefetch } from '../../src/components/scripts/prefetch';

const memoryStorage = () => {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  } as unknown as Storage;
};

describe('navigation helpers', () => {
  it('reloads once after a failed chunk load, then not again for 60 seconds', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    const now = Date.UTC(2025, 0, 1);
    expect(reloadUnlessRecentlyReloaded(storage, now, reload)).toBe(true);
    expect(reloadUnlessRecentlyReloaded(storage, now + 30_000, reload)).toBe(false);
    expect(reloadUnlessRecentlyReloaded(storage, now + 60_001, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('does not reload without session storage (nothing could stop a loop) or when storage refuses', () => {
    const reload = vi.fn();
    expect(reloadUnlessRecentlyReloaded(null, Date.now(), reload)).toBe(false);
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(reloadUnlessRecentlyReloaded(refusing, Date.now(), reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('recognises a failed chunk load in the words of Chromium, Firefox and Safari, and nothing else', () => {
    expect(isChunkLoadFailure(new TypeError('Failed to fetch dynamically imported module: https://x/_astro/A.js'))).toBe(true);
    expect(isChunkLoadFailure(new TypeError('error loading dynamically imported module: https://x/_astro/A.js'))).toBe(true);
    expect(isChunkLoadFailure(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadFailure(new TypeError("Cannot read properties of undefined (reading 'map')"))).toBe(false);
    expect(isChunkLoadFailure(undefined)).toBe(false);
  });

  it('skips prefetching offline, on 2g and with data saving on', () => {
    const nav = (onLine: boolean, connection?: { saveData?: boolean; effectiveType?: string }) =>
      ({ onLine, connection }) as unknown as Navigator;
    expect(canPrefetch(nav(true, { effectiveType: '4g' }))).toBe(true);
    expect(canPrefetch(nav(true))).toBe(true);
    expect(canPrefetch(nav(false))).toBe(false);
    expect(canPrefetch(nav(true, { effectiveType: 'slow-2g' }))).toBe(false);
    expect(canPrefetch(nav(true, { effectiveType: '2g' }))).toBe(false);
    expect(canPrefetch(nav(true, { saveData: true, effectiveType: '4g' }))).toBe(false);
  });
});
