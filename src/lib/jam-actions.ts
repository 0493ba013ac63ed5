/**
 * The names of what someone may do in a jam, shared by the server's one decision point
 * (src/server/auth/permissions.ts, which decides) and the islands (which only show what the viewer
 * document's `allowed` list says): a misspelt action does not compile.
 */

/** Managers run their jam; administrators run every jam. */
export const MANAGER_ACTIONS = [
  'jam:read-mystery',
  'jam:edit',
  'jam:manage-managers',
  'jam:select-winner',
  'jam:remove-entry',
  'jam:refresh-entry',
  'jam:download-entries',
  'jam:read-activity',
  'jam:moderate-entries',
  /** Fair judging: the review list of flagged entries, "Checked", disqualifying, play counts before the results. */
  'jam:review-entries',
  /** Kid-safe feedback: hide a note on one of the jam's entries (audited). */
  'jam:hide-notes',
  /** ADR 042: open or close one person's late-submission window (audited). */
  'jam:grant-late',
  /** ADR 041: see the results before publishing them, and publish them (a jam with manual results). */
  'jam:publish-results',
  /** ADR 041: see the entries of a jam with hidden entries before submissions close. */
  'jam:read-hidden-entries',
  /** Judges (issue 42 §2): invite judges by username, withdraw an invitation, remove a judge. */
  'jam:manage-judges',
  /** Theme rounds (ADR 043): remove and merge theme suggestions. */
  'jam:moderate-themes',
] as const;

/** What only administrators may do. */
export const ADMIN_ONLY_ACTIONS = [
  'jam:create',
  'jam:feature',
  'jam:advanced',
  'jam:clear-votes',
  'jam:clear-submissions',
  'jam:delete',
  'activity:read-all',
  'report:moderate-all',
  'jam-request:review',
  /** The words administrators add to the note filter. */
  'filter:edit-words',
] as const;

export type ManagerAction = (typeof MANAGER_ACTIONS)[number];
export type AdminOnlyAction = (typeof ADMIN_ONLY_ACTIONS)[number];
export type JamAction = ManagerAction | AdminOnlyAction;
/** The jam page's `allowed` list: what the viewer may do in the jam (and site-wide, for administrators). */
export const JAM_ACTIONS = [...MANAGER_ACTIONS, ...ADMIN_ONLY_ACTIONS] as const;
