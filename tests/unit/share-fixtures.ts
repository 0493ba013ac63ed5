import type { Jam } from '#db/schema';
import { translator } from '#i18n/translate';

export const SITE = 'https://itinerary.example';
export const NOW = Date.parse('2025-03-04T12:00:00Z');
export const t = translator('en');

let id = 0;
/** A jam row as the database gives it, with a secret body that must never be shown. */
export function jamRow(overrides: Partial<Jam> = {}): Jam {
  id += 1;
  return {
    id,
    slug: `jam-${id}`,
    name: `Jam ${id}`,
    description: `Description of jam ${id}`,
    body: `SECRET BODY ${id}`,
    bodyByAdmin: false,
    imageUrl: null,
    accentColor: null,
    bannerUrl: null,
    startsAt: new Date('2025-03-01T18:00:00Z'),
    endsAt: new Date('2025-03-08T18:00:00Z'),
    featured: false,
    mystery: false,
    entryCount: 0,
    participantCount: 0,
    votingEndsAt: null,
    whoCanVote: 'anyone',
    refuseOldProjects: false,
    playBeforeVote: false,
    jamVersion: 'off',
    judgeJamVersion: false,
    entriesCheckedAt: null,
    themeRounds: false,
    themeSuggestFrom: null,
    themeRound1From: null,
    themeFinalFrom: null,
    themeClosesAt: null,
    themeFinalists: 16,
    themeLeader: 'SECRET THEME',
    feedback: 'notes',
    judging: 'upvotes',
    criteria: [{ id: 1, name: 'Overall' }],
    minRatings: 3,
    questions: [],
    results: 'automatic',
    resultsPublishedAt: null,
    hiddenEntries: false,
    whoJudges: 'community' as const,
    createdAt: new Date('2025-02-10T09:30:00Z'),
    createdBy: null,
    updatedAt: new Date('2025-02-12T16:05:00Z'),
    updatedBy: null,
    ...overrides,
  };
}
