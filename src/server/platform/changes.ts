/**
 * What a change to data shown on public pages is, and which cached pages show it: the rules every
 * page store (the Node host's, a Worker's) applies when a service announces one.
 */
export type Change =
  | { kind: 'jam' | 'entries' | 'participants'; jamId: number }
  /** One entry changed or went (refreshed, removed): its own page goes at once, the jam's lists may stand in briefly. */
  | { kind: 'entry'; jamId: number; entryId: number }
  | { kind: 'users' }
  /**
   * Another server wrote (an embedded replica's sync brought new frames): anything may have changed,
   * so every page is re-rendered at its next turn, the previous one standing in meanwhile (ADR 045).
   */
  | { kind: 'elsewhere' }
  /** Kudos given or taken back: the counts on the entry's card and page. */
  | { kind: 'kudos'; jamId: number; entryId: number }
  /** `resultsPublic`: whether anyone but the voter can see the counts (only once the jam has ended). */
  | { kind: 'votes'; jamId: number; resultsPublic: boolean };

/** The tags of the pages that show what changed; `all` for a change that may show anywhere. */
export function tagsShowing(change: Change): Set<string> | 'all' {
  switch (change.kind) {
    case 'users':
    case 'elsewhere':
      return 'all'; // names and pictures appear on every kind of page
    case 'votes':
      // While a jam runs its counts are private: no page shows them, so a vote drops nothing.
      // Once public they move places, which profiles show.
      return new Set(change.resultsPublic ? [`jam:${change.jamId}`, 'profiles'] : []);
    case 'kudos':
      // The jam's page (its cards) and its entry pages; profiles count the kudos their entries got.
      return new Set([`jam:${change.jamId}`, 'profiles']);
    case 'participants':
      // The lists' cards show each jam's name, timing, entry and participant counts; a jam's entry pages carry its tag too.
      return new Set(['jams', `jam:${change.jamId}`]);
    case 'jam':
    case 'entries':
    case 'entry':
      // As above; and profiles (`profiles`) list entries with their jam's name, places and medals.
      return new Set(['jams', `jam:${change.jamId}`, 'profiles']);
  }
}

/**
 * The page of an entry that was refreshed or removed is dropped outright: a removal must not linger.
 * So is the page of an entry that got kudos: the giver goes back to it and expects to see them.
 */
export const droppedOutright = (change: Change) =>
  change.kind === 'entry' || change.kind === 'kudos' ? `entry:${change.entryId}` : null;

/**
 * New entries, public votes, joins and entry refreshes only change counts or one card on a page: it
 * may stand in, briefly, while re-rendered (a rush of joins re-renders each page once a second).
 */
export const mayServeStale = (change: Change) =>
  change.kind === 'entries' ||
  change.kind === 'elsewhere' ||
  change.kind === 'votes' ||
  change.kind === 'kudos' ||
  change.kind === 'entry' ||
  change.kind === 'participants';
