/**
 * The reads about one entry that several services need for one reader — the entry (with its
 * submitter's name) and the reader's credit on it — started once and shared. A request that asks
 * several services about an entry (the entry page's viewer document) so reads each row once, and all
 * of them in the round trip its other reads take (ADR 034).
 */
import { and, eq, sql } from 'drizzle-orm';
import { type Entry, type Jam, entries, users } from '#db/schema';
import type { SessionUser } from '#server/auth/session';
import { entriesAreHidden } from '#lib/entries-hidden';
import { notFound } from '#server/platform/errors';
import { preparedQuery } from '#server/platform/db';
import { isOnTeamOf } from '#server/teams/co-creators';
import { type TeamMembership, membershipOf } from '#server/teams/memberships';
import { ENTRY_NOT_IN_JAM } from './entries';
import { mayReadHiddenEntry } from './hidden';

export type EntryWithSubmitter = Entry & { submitterName: string | null };

export interface EntryReads {
  readonly id: number;
  /** The entry and its submitter's name; a 404 when it is not part of the jam. */
  readonly entry: Promise<EntryWithSubmitter>;
  /** The reader's credit on the entry (undefined: none, or nobody logged in). */
  readonly myMembership: Promise<TeamMembership | undefined>;
}

const entryWithSubmitter = preparedQuery((database) =>
  database
    .select({ entry: entries, submitterName: users.name })
    .from(entries)
    .leftJoin(users, eq(users.id, entries.submitterId))
    .where(and(eq(entries.id, sql.placeholder('entryId')), eq(entries.jamId, sql.placeholder('jamId'))))
    .prepare(),
);

/** Starts the reads (they travel with whatever else the request starts in this turn). */
export function startEntryReads(jam: Jam, entryId: number, reader: SessionUser | null): EntryReads {
  const found = entryWithSubmitter()
    .get({ entryId, jamId: jam.id })
    .then((row) => {
      if (!row) throw notFound(ENTRY_NOT_IN_JAM);
      return { ...row.entry, submitterName: row.submitterName };
    });
  const myMembership = reader ? membershipOf(entryId, reader.id) : Promise.resolve(undefined);
  const entry = entriesAreHidden(jam) ? hiddenFromOthers(jam, found, myMembership, reader) : found;
  // Whoever awaits it gets the 404; a request refused for another reason first leaves it unawaited.
  entry.catch(() => undefined);
  return { id: entryId, entry, myMembership };
}

/**
 * ADR 041: before submissions close, a hidden entry is a 404 to all but those the one rule lets see it
 * (./hidden.ts). The manager seat is asked beside the entry, so it decides without another round trip.
 */
async function hiddenFromOthers(
  jam: Jam,
  found: Promise<EntryWithSubmitter>,
  myMembership: Promise<TeamMembership | undefined>,
  reader: SessionUser | null,
): Promise<EntryWithSubmitter> {
  const onTeam = Promise.all([found, myMembership]).then(
    ([entry, credit]) => reader !== null && isOnTeamOf(entry, reader.id, credit),
  );
  const [entry, visible] = await Promise.all([found, mayReadHiddenEntry(reader, jam, onTeam)]);
  if (!visible) throw notFound(ENTRY_NOT_IN_JAM);
  return entry;
}

/** Whether the reader is on the entry's team (its submitter or an accepted co-creator), from the shared reads. */
export async function readerIsOnTeam(reads: EntryReads, reader: SessionUser | null): Promise<boolean> {
  if (!reader) return false;
  const [entry, credit] = await Promise.all([reads.entry, reads.myMembership]);
  return isOnTeamOf(entry, reader.id, credit);
}
