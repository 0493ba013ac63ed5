/**
 * The inbox's vocabulary (issue 34 §2), shared by the API schemas, the pages and the islands
 * (db/schema.ts keeps its own copy; tests/db/schema.test.ts holds them equal).
 */
export const INBOX_KINDS = [
  /** Someone gave kudos to your entry (grouped per entry: "5 people gave kudos to Leaf Catcher"). */
  'kudos',
  /** Someone left a note on your entry (grouped per entry). */
  'note',
  /** A jam you joined has started (and its mystery theme is out). Worked out when the inbox is read. */
  'jam-started',
  /** 24 hours left in a jam you joined and you have not submitted. Worked out when the inbox is read. */
  'deadline-soon',
  /** Voting ends in 24 hours in a jam you joined. Worked out when the inbox is read. */
  'voting-ends-soon',
  /** The results of a jam you joined are out (data says whether you won or are the community's choice). */
  'results',
  /** Your entry was disqualified (data.reason) . */
  'entry-disqualified',
  /** Your entry was removed (data.reason). */
  'entry-removed',
  /** Your jam request was approved (jamId is the new jam). */
  'request-approved',
  /** Your jam request was declined (data.reason). */
  'request-declined',
  /** For a jam's managers: a new report about their jam or its entries. */
  'report',
  /** Issue 35: you were invited as a co-creator of an entry (actor: its submitter). */
  'credit-invited',
  /** Issue 35: someone you invited accepted and is now credited on your entry. */
  'credit-accepted',
  /** Issue 35: someone you invited declined. */
  'credit-declined',
  /** ADR 042: a manager gave you a late-submission window (data.until). */
  'late-window',
  /** Issue 42 §2: a manager invited you to judge a jam (actor: the manager). */
  'judge-invited',
  /** Issue 42 §2, to the jam's managers: someone accepted to judge the jam. */
  'judge-accepted',
  /** Issue 42 §2, to the manager who invited them: someone declined to judge the jam. */
  'judge-declined',
  /** Issue 42 §2, to the entry's team: a judge left (or changed) private feedback on your entry. */
  'judge-feedback',
  /** Issue 43: theme suggestions opened in a jam you joined. Worked out when the inbox is read. */
  'theme-suggestions-open',
  /** Issue 43: the theme's final round (round 2) opened in a jam you joined. Worked out when the inbox is read. */
  'theme-final-open',
  /** Issue 43: the jam you joined started and its community theme is out (data.theme). Worked out when the inbox is read. */
  'theme-out',
] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];
