import { useStore } from '@nanostores/react';
import type { ReadableAtom } from 'nanostores';
import { useHydrated } from './use-hydrated';

/**
 * A store's value, but `serverValue` (what the server rendered with) until this island has
 * hydrated: islands hydrate one by one, and one that ran first may already have filled the store
 * (the session, the votes, a toast). React refuses HTML that does not match what it renders.
 */
export function useIslandStore<T>(store: ReadableAtom<T>, serverValue: T): T {
  const value = useStore(store);
  return useHydrated() ? value : serverValue;
}
