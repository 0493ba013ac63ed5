/**
 * Hidden entries (ADR 041): in a jam with `hidden_entries`, its entries are shown to nobody but their
 * team and the jam's managers until submissions close, so early entries get no more attention than
 * late ones. Public pages and lists answer as if the entries did not exist; the few views that show
 * one to its team or a manager are rendered for them alone, never cached publicly.
 */
import type { Jam } from '#db/schema';
import { entriesAreHidden } from '#lib/jam-timing';
import { can } from '#server/auth/permissions';
import type { SessionUser } from '#server/auth/session';
import { isOnTeam } from '#server/teams/co-creators';

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
