/**
 * The one table of round trips each route may cost on a remote database (ADR 033): a read (a page,
 * a feed, a GET endpoint) is the session, then one batch of everything it shows; a write has at most
 * three. tests/api/round-trips.test.ts measures every row and fails for a route without one.
 *
 * Keys: `PAGE /path` for what src/pages serves outside /api (as Astro patterns, without the locale),
 * `METHOD /api/…` for endpoints. The authorization matrix's rows (tests/security/endpoints) say how to
 * call the endpoints that need a session or write; the rest say here where to find them in a scene.
 */
import type { Scene } from '../security/endpoints';

/** A read: the session, then one batch. */
const READ = 2;
/** A write: the session, what it checks, what it writes. */
const WRITE = 3;
/** Served without the database: prerendered files, redirects, documents built from code. */
const NONE = 0;
/**
 * Over budget, measured: the co-creator invitations (src/server/teams/team.ts, invitations.ts) are
 * still interactive transactions, one round trip a statement. The number holds them where they are
 * until they are one read and one batch like the other writes.
 */
const TEAM_INVITATIONS_TODAY = { invite: 10, removeFromTeam: 9, answer: 13, decline: 9 };

/** What a budget row needs of a scene beyond the matrix's: a private feed's token and a banned user. */
export interface BudgetScene extends Scene {
  feedToken: string;
  bannedName: string;
}

export interface Budget {
  trips: number;
  /** Where to read it in a scene (pages and public endpoints; the matrix's rows know the others'). */
  path?: (scene: BudgetScene) => string;
}

const entryPath = (s: Scene) => `/jams/${s.jam.slug}/entries/${s.entry.id}`;

export const BUDGETS: Record<string, Budget> = {
  // Pages
  'PAGE /': { trips: READ, path: () => '/' },
  'PAGE /404': { trips: NONE, path: () => '/no-such-page' },
  'PAGE /500': { trips: NONE, path: () => '/500' },
  'PAGE /about': { trips: NONE, path: () => '/about' },
  'PAGE /banned/[name]': { trips: READ, path: (s) => `/banned/${s.bannedName}` },
  'PAGE /calendar.ics': { trips: READ, path: () => '/calendar.ics' },
  'PAGE /confirm-login': { trips: READ, path: () => '/confirm-login?token=not-a-token' },
  'PAGE /dashboard': { trips: READ, path: () => '/dashboard' },
  'PAGE /dashboard/activity': { trips: READ, path: () => '/dashboard/activity' },
  'PAGE /dashboard/filter': { trips: READ, path: () => '/dashboard/filter' },
  'PAGE /dashboard/jam-requests': { trips: READ, path: () => '/dashboard/jam-requests' },
  'PAGE /dashboard/reports': { trips: READ, path: () => '/dashboard/reports' },
  'PAGE /dashboard/users': { trips: READ, path: () => '/dashboard/users' },
  'PAGE /dev/components': { trips: NONE, path: () => '/dev/components' },
  'PAGE /developers': { trips: NONE, path: () => '/developers' },
  'PAGE /explore': { trips: READ, path: () => '/explore?sort=starting-soonest&page=2&perPage=12' },
  'PAGE /faq': { trips: NONE, path: () => '/faq' },
  'PAGE /feed.json': { trips: READ, path: () => '/feed.json' },
  'PAGE /feeds/[token]/my-jams.ics': { trips: READ, path: (s) => `/feeds/${s.feedToken}/my-jams.ics` },
  'PAGE /feeds/[token]/my-jams.xml': { trips: READ, path: (s) => `/feeds/${s.feedToken}/my-jams.xml` },
  'PAGE /jams': { trips: NONE, path: () => '/jams' },
  'PAGE /jams/[slug]': { trips: READ, path: (s) => `/jams/${s.jam.slug}` },
  'PAGE /jams/[slug].ics': { trips: READ, path: (s) => `/jams/${s.jam.slug}.ics` },
  'PAGE /jams/[slug]/activity': { trips: READ, path: (s) => `/jams/${s.jam.slug}/activity` },
  'PAGE /jams/[slug]/entries/[id]': { trips: READ, path: entryPath },
  // ADR 050: the player's frame reads nothing.
  'PAGE /play/jam-version/[id]': { trips: NONE, path: (s) => `/play/jam-version/${s.entry.id}` },
  'PAGE /jams/[slug]/review': { trips: READ, path: (s) => `/jams/${s.jam.slug}/review` },
  'PAGE /jams/[slug]/stats': { trips: READ, path: (s) => `/jams/${s.jam.slug}/stats` },
  'PAGE /jams/new': { trips: READ, path: () => '/jams/new' },
  'PAGE /jams/request': { trips: READ, path: () => '/jams/request' },
  'PAGE /login': { trips: READ, path: () => '/login' },
  'PAGE /notifications': { trips: READ, path: () => '/notifications' },
  'PAGE /privacy': { trips: NONE, path: () => '/privacy' },
  'PAGE /robots.txt': { trips: NONE, path: () => '/robots.txt' },
  'PAGE /rss.xml': { trips: READ, path: () => '/rss.xml' },
  'PAGE /sitemap.xml': { trips: READ, path: () => '/sitemap.xml' },
  'PAGE /sitemaps/[file].xml': { trips: READ, path: () => '/sitemaps/1.xml' },
  'PAGE /terms': { trips: NONE, path: () => '/terms' },
  'PAGE /users/[name]': { trips: READ, path: (s) => `/users/${s.submitter.name}` },

  // Public reads (and reads that take a session when there is one)
  'GET /api/auth/callback': { trips: WRITE, path: () => '/api/auth/callback?privateCode=refused-code' },
  'GET /api/auth/login': { trips: NONE, path: () => '/api/auth/login' },
  'GET /api/contributors': { trips: NONE, path: () => '/api/contributors' },
  'GET /api/health': { trips: READ, path: () => '/api/health' },
  'GET /api/jams': { trips: READ, path: () => '/api/jams?status=ongoing&sort=ending-soonest' },
  'GET /api/jams/[slug]': { trips: READ, path: (s) => `/api/jams/${s.jam.slug}` },
  'GET /api/jams/[slug]/entries': { trips: READ, path: (s) => `/api/jams/${s.jam.slug}/entries` },
  'GET /api/jams/[slug]/entries/[id]/credits': { trips: READ, path: (s) => `/api${entryPath(s)}/credits` },
  'GET /api/jams/[slug]/entries/[id]/kudos': { trips: READ, path: (s) => `/api${entryPath(s)}/kudos` },
  'GET /api/jams/[slug]/entries/[id]/notes': { trips: READ, path: (s) => `/api${entryPath(s)}/notes` },
  'GET /api/jams/[slug]/next-entry': { trips: READ, path: (s) => `/api/jams/${s.jam.slug}/next-entry` },
  'GET /api/jams/[slug]/stats': { trips: READ, path: (s) => `/api/jams/${s.jam.slug}/stats` },
  // The jam and where the stream starts; what the stream reads later is the hub's, once for all streams.
  'GET /api/jams/[slug]/events': { trips: READ, path: (s) => `/api/jams/${s.jam.slug}/events` },
  'GET /api/jams/[slug]/viewer': { trips: READ, path: (s) => `/api/jams/${s.jam.slug}/viewer` },
  'GET /api/jams/[slug]/winners': { trips: READ, path: (s) => `/api/jams/${s.jam.slug}/winners` },
  'GET /api/openapi.json': { trips: NONE, path: () => '/api/openapi.json' },
  'GET /api/jams/[slug]/theme': { trips: READ, path: (s) => `/api/jams/${s.jam.slug}/theme` },
  'GET /api/user/[name]/picture': { trips: READ, path: (s) => `/api/user/${s.submitter.name}/picture` },
  'GET /api/user/[name]/profile': { trips: READ, path: (s) => `/api/user/${s.submitter.name}/profile` },

  // Reads that need a session (called as the matrix's rows say)
  'GET /api/activity': { trips: READ },
  'GET /api/auth/me': { trips: READ },
  'GET /api/filter/words': { trips: READ },
  'GET /api/jam-requests': { trips: READ },
  'GET /api/jams/[slug]/activity': { trips: READ },
  'GET /api/jams/[slug]/entries.csv': { trips: READ },
  'GET /api/jams/[slug]/managers': { trips: READ },
  'GET /api/jams/[slug]/my-votes': { trips: READ },
  'GET /api/jams/[slug]/theme/mine': { trips: READ },
  'GET /api/jams/[slug]/theme/suggestions': { trips: READ },
  'GET /api/jams/[slug]/review': { trips: READ },
  'GET /api/jams/[slug]/entries/[id]/answers': { trips: READ },
  // ADR 050: the jam version's facts and its file (read from the file store, not the database).
  'GET /api/jams/[slug]/entries/[id]/jam-version': {
    trips: READ,
    path: (s) => `/api/jams/${s.jam.slug}/entries/${s.entry.id}/jam-version`,
  },
  'GET /api/jams/[slug]/entries/[id]/jam-version/file': {
    trips: READ,
    path: (s) => `/api/jams/${s.jam.slug}/entries/${s.entry.id}/jam-version/file`,
  },
  'GET /api/jams/[slug]/late-submissions': { trips: READ },
  'GET /api/me': { trips: READ },
  'GET /api/me/export': { trips: READ },
  'GET /api/me/invitations': { trips: READ },
  'GET /api/me/judge-invitations': { trips: READ },
  'GET /api/jams/[slug]/judges': { trips: READ },
  'GET /api/jams/[slug]/entries/[id]/judge-feedback': { trips: READ },
  'GET /api/me/jam-requests': { trips: READ },
  'GET /api/me/notifications': { trips: READ },
  'GET /api/me/notifications/unread': { trips: READ },
  'GET /api/reports': { trips: READ },
  'GET /api/users': { trips: READ },
  'GET /api/users/[id]': { trips: READ },

  // Writes
  'POST /api/auth/cancel': { trips: WRITE },
  'POST /api/auth/confirm': { trips: WRITE },
  'POST /api/auth/dev-login': { trips: WRITE },
  'POST /api/auth/remove': { trips: WRITE },
  'PUT /api/filter/words/[word]': { trips: WRITE },
  'DELETE /api/filter/words/[word]': { trips: WRITE },
  'POST /api/jam-requests': { trips: WRITE },
  'PATCH /api/jam-requests/[id]': { trips: WRITE },
  'DELETE /api/jam-requests/[id]': { trips: WRITE },
  'POST /api/jam-requests/[id]/approve': { trips: WRITE },
  'POST /api/jam-requests/[id]/decline': { trips: WRITE },
  'POST /api/jams': { trips: WRITE },
  'PATCH /api/jams/[slug]': { trips: WRITE },
  'DELETE /api/jams/[slug]': { trips: WRITE },
  'PUT /api/jams/[slug]/advanced': { trips: WRITE },
  'POST /api/jams/[slug]/entries': { trips: WRITE },
  'DELETE /api/jams/[slug]/entries': { trips: WRITE },
  'POST /api/jams/[slug]/entries/check': { trips: WRITE },
  'DELETE /api/jams/[slug]/entries/[id]': { trips: WRITE },
  'POST /api/jams/[slug]/entries/[id]/credits': { trips: TEAM_INVITATIONS_TODAY.invite },
  'DELETE /api/jams/[slug]/entries/[id]/credits/[name]': { trips: TEAM_INVITATIONS_TODAY.removeFromTeam },
  'PUT /api/jams/[slug]/entries/[id]/kudos/[sticker]': { trips: WRITE },
  'DELETE /api/jams/[slug]/entries/[id]/kudos/[sticker]': { trips: WRITE },
  'POST /api/jams/[slug]/entries/[id]/notes': { trips: WRITE },
  'DELETE /api/jams/[slug]/entries/[id]/notes/[noteId]': { trips: WRITE },
  'PUT /api/jams/[slug]/entries/[id]/notes/[noteId]/hidden': { trips: WRITE },
  'PUT /api/jams/[slug]/entries/[id]/notes/[noteId]/review': { trips: WRITE },
  'PUT /api/jams/[slug]/held-texts/[id]/review': { trips: WRITE },
  'POST /api/jams/[slug]/entries/[id]/notes/[noteId]/report': { trips: WRITE },
  'PUT /api/jams/[slug]/entries/[id]/play': { trips: WRITE },
  'POST /api/jams/[slug]/entries/[id]/refresh': { trips: WRITE },
  'POST /api/jams/[slug]/entries/[id]/report': { trips: WRITE },
  'PUT /api/jams/[slug]/entries/[id]/review': { trips: WRITE },
  'PUT /api/jams/[slug]/entries/[id]/vote': { trips: WRITE },
  'DELETE /api/jams/[slug]/entries/[id]/vote': { trips: WRITE },
  'PUT /api/jams/[slug]/entries/[id]/rating': { trips: WRITE },
  'DELETE /api/jams/[slug]/entries/[id]/rating': { trips: WRITE },
  'PUT /api/jams/[slug]/entries/[id]/answers': { trips: WRITE },
  // ADR 050: the file goes to the store first; replacing one asks once more whether the old file is still named.
  'PUT /api/jams/[slug]/entries/[id]/jam-version': { trips: WRITE + 1 },
  'PUT /api/jams/[slug]/late-submissions/[name]': { trips: WRITE },
  'DELETE /api/jams/[slug]/late-submissions/[name]': { trips: WRITE },
  // Theme rounds (ADR 043): each write is one batch with the state it answers; a suggestion reads the filter's words too.
  'PUT /api/jams/[slug]/theme/rounds': { trips: WRITE },
  'POST /api/jams/[slug]/theme/suggestions': { trips: WRITE },
  'DELETE /api/jams/[slug]/theme/suggestions/[id]': { trips: WRITE },
  'POST /api/jams/[slug]/theme/suggestions/[id]/merge': { trips: WRITE + 1 },
  'PUT /api/jams/[slug]/theme/suggestions/[id]/answer': { trips: WRITE },
  'PUT /api/jams/[slug]/theme/pick': { trips: WRITE },
  'PUT /api/jams/[slug]/entries/[id]/winner': { trips: WRITE },
  'DELETE /api/jams/[slug]/entries/[id]/winner': { trips: WRITE },
  'PUT /api/jams/[slug]/featured': { trips: WRITE },
  'PUT /api/jams/[slug]/results': { trips: WRITE },
  'POST /api/jams/[slug]/managers': { trips: WRITE },
  'DELETE /api/jams/[slug]/managers/[name]': { trips: WRITE },
  'PUT /api/jams/[slug]/participation': { trips: WRITE },
  'DELETE /api/jams/[slug]/participation': { trips: WRITE },
  'POST /api/jams/[slug]/report': { trips: WRITE },
  'DELETE /api/jams/[slug]/votes': { trips: WRITE },
  'POST /api/markdown-preview': { trips: WRITE },
  'DELETE /api/me': { trips: WRITE },
  'POST /api/me/feed-token': { trips: WRITE },
  'DELETE /api/me/feed-token': { trips: WRITE },
  'PUT /api/me/invitations/[entryId]': { trips: TEAM_INVITATIONS_TODAY.answer },
  'POST /api/jams/[slug]/judges': { trips: WRITE },
  'DELETE /api/jams/[slug]/judges/[name]': { trips: WRITE },
  'PUT /api/me/judge-invitations/[slug]': { trips: WRITE },
  'DELETE /api/me/judge-invitations/[slug]': { trips: WRITE },
  'PUT /api/jams/[slug]/entries/[id]/judge-feedback': { trips: WRITE },
  'DELETE /api/jams/[slug]/entries/[id]/judge-feedback': { trips: WRITE },
  'DELETE /api/me/invitations/[entryId]': { trips: TEAM_INVITATIONS_TODAY.decline },
  'POST /api/me/notifications/read': { trips: WRITE },
  'POST /api/me/notifications/read-all': { trips: WRITE },
  'POST /api/reports/[item]/ban-author': { trips: WRITE },
  'POST /api/reports/[item]/dismiss': { trips: WRITE },
  'POST /api/reports/[item]/hide-note': { trips: WRITE },
  'POST /api/reports/[item]/remove-entry': { trips: WRITE },
  'POST /api/users': { trips: WRITE },
  'PATCH /api/users/[id]': { trips: WRITE },
  'DELETE /api/users/[id]': { trips: WRITE },
};
