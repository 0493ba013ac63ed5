/**
 * Hidden entries (ADR 041): in a jam with `hidden_entries`, its entries are shown to nobody but their
 * team and the jam's managers until submissions close, so early entries get no more attention than
 * late ones. Public pages and lists answer as if the entries did not exist; the few views that show
 * one to its team or a manager are rendered for them alone, never cached publicly.
 */
import type { Entry, Jam } from '#db/schema';
import { entriesAreHidden } from '#lib/entries-hidden';
import { can } from '#server/auth/permissions';
import type { SessionUser } from '#server/auth/session';
import { notFound } from '#server/platform/errors';
import { isOnTeam } from '#server/teams/co-creators';
import { ENTRY_NOT_IN_JAM, requireEntry } from './entries';

export { entriesAreHidden };

/**
 * ADR 048: a hidden entry takes no votes or ratings before submissions close, not even from the
 * managers who may see it: the option's promise is that early entries get no head start.
 */
export const HIDDEN_ENTRY_VOTES_MESSAGE =
  'This jam hides its entries until submissions close, so every game gets the same attention: votes for this one open then.';

/**
 * Who may see a hidden entry (the one rule, issue 55 §1): one of its team, a manager of the jam or an
 * administrator. `onTeam` may still be being read: the team and the manager seat are asked side by
 * side (one round trip), then `can` decides. The entry page, the shared entry reads (notes, kudos,
 * team, answers, judges' feedback), plays and reports by id, votes and ratings all ask this.
 */
export async function mayReadHiddenEntry(
  user: SessionUser | null,
  jam: Jam,
  onTeam: boolean | Promise<boolean>,
): Promise<boolean> {
  if (!user) return false;
  const [team] = await Promise.all([onTeam, can(user, 'jam:read-hidden-entries', { jamId: jam.id })]);
  return can(user, 'entry:read-hidden', { jamId: jam.id, onTeam: team });
}

/** {@link mayReadHiddenEntry} for an entry known by its id: its team is read beside the manager seat. */
export const mayReadHiddenEntryById = (user: SessionUser | null, jam: Jam, entryId: number): Promise<boolean> =>
  mayReadHiddenEntry(user, jam, user ? isOnTeam(entryId, user.id) : false);

/**
 * For a write about one entry (a vote, a rating): whether the jam's entries are hidden, and the 404
 * an outsider gets when the writer may not see this one at all.
 */
export async function isHiddenFor(user: SessionUser | null, jam: Jam, onTeam: boolean | Promise<boolean>): Promise<boolean> {
  if (!entriesAreHidden(jam)) return false;
  if (!(await mayReadHiddenEntry(user, jam, onTeam))) throw notFound(ENTRY_NOT_IN_JAM);
  return true;
}

/**
 * The entry of this jam, or the 404 an outsider gets for a hidden entry as for one that does not
 * exist (a play or a report by a guessed id): the entry, the team and the manager seat are read side by side.
 */
export async function requireVisibleEntry(user: SessionUser | null, jam: Jam, entryId: number): Promise<Entry> {
  const [entry, visible] = await Promise.all([
    requireEntry(jam, entryId),
    entriesAreHidden(jam) ? mayReadHiddenEntryById(user, jam, entryId) : true,
  ]);
  if (!visible) throw notFound(ENTRY_NOT_IN_JAM);
  return entry;
}
