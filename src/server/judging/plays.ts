/**
 * Plays (fair judging, §3): who opened which entry's player, one row per person per entry, and
 * "Play next", which sends people to the entries that have been played least.
 */
import { and, asc, desc, eq, ne, not, sql } from 'drizzle-orm';
import { type Jam, entries, plays } from '#db/schema';
import type { NextEntryDto } from '#lib/schemas/entries';
import { can } from '#server/auth/permissions';
import { refuseIfBanned } from '#server/auth/require';
import type { SessionUser } from '#server/auth/session';
import { announceChange } from '#server/cache/changes';
import { db } from '#server/platform/db';
import { onTeamCondition } from '#server/teams/co-creators';
import { requireVisibleEntry } from '#server/entries/hidden';
import { resultsArePublic } from '#lib/results-public';
import { entriesAreHidden } from '#lib/entries-hidden';

/**
 * Records that the user opened the entry's player: one INSERT OR IGNORE on the (entry, player)
 * key, so a second play, or two at once, count once. Playing your own entry (one you submitted or are
 * credited on) is fine and not counted.
 * The insert reads the entry itself (of this jam, not the player's own): the usual play costs the
 * jam's lookup and one statement; only a play that inserted nothing looks the entry up, for a 404.
 * The triggers of migration 0014 keep `entries.play_count`; public pages show it only once the
 * results are public, so only then is the change announced.
 */
export async function recordPlay(user: SessionUser, jam: Jam, entryId: number): Promise<void> {
  refuseIfBanned(user);
  if (await insertPlay(user, jam, entryId)) return;
  // Played before, or their own entry (both fine), or not an entry of this jam (or hidden from them).
  await requireVisibleEntry(user, jam, entryId);
}

/** The insert of `recordPlay`, without its checks: true when it counted a new play. */
async function insertPlay(user: SessionUser, jam: Jam, entryId: number): Promise<boolean> {
  // ADR 041: before submissions close, a hidden entry is played by its team (never counted) and those
  // who may read hidden entries only; to others it does not exist (the manager seat is the request's, shared).
  if (entriesAreHidden(jam) && !(await can(user, 'jam:read-hidden-entries', { jamId: jam.id }))) return false;
  const result = await db().run(sql`
    insert or ignore into ${plays} (entry_id, player_id, jam_id)
    select ${entries.id}, ${user.id}, ${entries.jamId} from ${entries}
    where ${entries.id} = ${entryId} and ${entries.jamId} = ${jam.id} and not ${onTeamCondition(entries.id, user.id)}`);
  if (result.rowsAffected === 0) return false;
  if (resultsArePublic(jam)) announceChange({ kind: 'entry', jamId: jam.id, entryId });
  return true;
}

const nextEntryColumns = {
  id: entries.id,
  scratchId: entries.scratchId,
  title: entries.title,
  authorName: entries.authorName,
  thumbnailUrl: entries.thumbnailUrl,
};

/**
 * The entry to play next. For a logged-in person: not their own (submitted or credited on), not played by them, not
 * disqualified; fewest plays first, then "karma" (how many entries of this jam its submitter has
 * played: more first, so playing others gets your game played), then earliest submitted, then id —
 * one query over the jam's entries, each check an index lookup. Visitors (and banned users, who
 * cannot record plays) get a random entry.
 */
export async function nextEntry(user: SessionUser | null, jam: Jam): Promise<NextEntryDto> {
  // Hidden entries (ADR 041) are played once submissions close.
  if (entriesAreHidden(jam)) return { entry: null, pick: user ? 'fewest-plays' : 'random', reason: 'no-entries' };
  const database = db();
  const playable = and(eq(entries.jamId, jam.id), ne(entries.review, 'disqualified'));
  if (!user || user.isBanned) {
    const [entry] = await database
      .select(nextEntryColumns)
      .from(entries)
      .where(playable)
      .orderBy(sql`random()`)
      .limit(1);
    return { entry: entry ?? null, pick: 'random', reason: entry ? null : 'no-entries' };
  }
  const notPlayed = sql`not exists (select 1 from ${plays} as mine where mine.entry_id = ${entries.id} and mine.player_id = ${user.id})`;
  const karma = sql`(select count(*) from ${plays} as theirs where theirs.jam_id = ${jam.id} and theirs.player_id = ${entries.submitterId})`;
  const [entry] = await database
    .select(nextEntryColumns)
    .from(entries)
    .where(and(playable, not(onTeamCondition(entries.id, user.id)), notPlayed))
    .orderBy(asc(entries.playCount), desc(karma), asc(entries.submittedAt), asc(entries.id))
    .limit(1);
  if (entry) return { entry, pick: 'fewest-plays', reason: null };
  return { entry: null, pick: 'fewest-plays', reason: jam.entryCount === 0 ? 'no-entries' : 'all-played' };
}
