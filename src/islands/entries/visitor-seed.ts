/**
 * The seed of this visitor's random order of entries: made once in this browser and kept, so
 * "Random" shows them the same order every time (and others another).
 */
import { MAX_ENTRY_SEED } from '#lib/schemas/entries';

const KEY = 'itinerary-entry-seed';

export function visitorSeed(): number | null {
  try {
    const kept = Number(window.localStorage.getItem(KEY));
    if (Number.isInteger(kept) && kept >= 1 && kept <= MAX_ENTRY_SEED) return kept;
    const made = (crypto.getRandomValues(new Uint32Array(1))[0]! % MAX_ENTRY_SEED) + 1;
    window.localStorage.setItem(KEY, String(made));
    return made;
  } catch {
    // Storage may be off (private mode, blocked): the server's fixed order is random enough then.
    return null;
  }
}
