/**
 * Whether a jam's entries are hidden (ADR 041, issue 55 §1): in a jam with hidden entries, from
 * everyone but their team and the jam's managers (src/server/entries/hidden.ts says who) until
 * submissions close. The one rule, as TypeScript and as SQL side by side; tests/db/jam-rules.test.ts
 * checks that they agree on every phase of a jam.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { JamColumnsSql, JamWindow } from './jam-timing';

/** Entries are hidden from the public while submissions are open in a jam with hidden entries. */
export const entriesAreHidden = (jam: JamWindow & { hiddenEntries?: boolean }, now = Date.now()) =>
  Boolean(jam.hiddenEntries) && now < new Date(jam.endsAt).getTime();

/** {@link entriesAreHidden} in SQL. */
export const entriesAreHiddenSql = (j: JamColumnsSql, now: number): SQL<boolean> =>
  sql<boolean>`(${j.hiddenEntries} and ${now} < ${j.endsAt})`;

/** The opposite, as the public lists ask it: the jam's entries are shown to everyone. */
export const entriesAreShownSql = (j: JamColumnsSql, now: number): SQL<boolean> =>
  sql<boolean>`not ${entriesAreHiddenSql(j, now)}`;
