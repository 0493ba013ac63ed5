/**
 * Hidden entries (ADR 041): in a jam with `hidden_entries`, its entries are shown to nobody but their
 * team and the jam's managers until submissions close, so early entries get no more attention than
 * late ones. Public pages and lists answer as if the entries did not exist; the few views that show
 * one to its team or a manager are rendered for them alone, never cached publicly.
 */
import type { Entry, Jam } from '#db/schema';
import { entriesAreHidden } from '#lib/jam-timing';
import { can } from '#server/auth/permissions';
import type { SessionUser } from '#server/auth/session';
import { notFound } from '#server/http/errors';
import { isOnTeam } from '#server/teams/co-creators';
import { ENTRY_NOT_IN_JAM, requireEntry } from './entries';

export { entriesAreHidden };

/**
 * Whether `user` may see this hidden entry: one of its team, a manager of the jam or an administrator.
 * The team and the manager seat are asked side by side (one round trip); `can` decides.
 */
export async function mayReadHiddenEntry(user: SessionUser | null, jam: Jam, entryId: number): Promise<boolean> {
  if (!user) return false;
  const [onTeam] = await Promise.all([isOnTeam(entryId, user.id), can(user, 'jam:read-hidden-entries', { jamId: jam.id })]);
  return can(user, 'entry:read-hidden', { jamId: jam.id, onTeam });
}

/**
 * The entry of this jam, or the 404 an outsider gets for a hidden entry as for one that does not
 * exist (a play or a report by a guessed id): the entry, the team and the manager seat are read side by side.
 */
export async function requireVisibleEntry(user: SessionUser | null, jam: Jam, entryId: number): Promise<Entry> {
  const [entry, visible] = await Promise.all([
    requireEntry(jam, entryId),
    entriesAreHidden(jam) ? mayReadHiddenEntry(user, jam, entryId) : true,
  ]);
  if (!visible) throw notFound(ENTRY_NOT_IN_JAM);
  return entry;
}
