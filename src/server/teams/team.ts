/**
 * Teams (issue 35 §1): the submitter invites up to MAX_CO_CREATORS co-creators by Scratch username;
 * each is credited once they accept (invitations.ts). Teams form while the jam takes submissions and
 * are settled when it stops; leaving, declining and taking back a pending invitation stay possible
 * after that. One entry per person per jam, as submitter or accepted co-creator, is held by the
 * database (migration 0016); the services check it first to answer kindly, and map the database's refusal.
 */
import { and, eq, sql } from 'drizzle-orm';
import { type Entry, type Jam, type User, entryCredits, users } from '#db/schema';
import { avatarPath } from '#lib/avatars';
import type { TeamMemberDto, TeamDto, TeamRole } from '#lib/schemas/teams';
import { MAX_CO_CREATORS } from '#lib/teams';
import { recordAudit } from '#server/activity/audit';
import { refuseIfBanned } from '#server/auth/require';
import { can } from '#server/auth/permissions';
import { announceChange } from '#server/cache/changes';
import { badRequest, conflict, notFound } from '#server/platform/errors';
import { notifyWith } from '#server/inbox/notify';
import { db } from '#server/platform/db';
import { fetchScratchUser } from '#server/platform/scratch';
import { findUserByName } from '#server/users/users';
import type { SessionUser } from '#server/auth/session';
import {
  type TeamMembership,
  TEAM_FULL_MESSAGE,
  TEAM_SETTLED_MESSAGE,
  membershipOf,
  declinedEvent,
  hasEntryIn,
  settleInvitationEvents,
  teamIsOpen,
} from './memberships';
import { requireEntry } from '#server/entries/entries';
import { type EntryReads, startEntryReads } from '#server/entries/entry-reads';
import { refused } from '#server/auth/refusals';

const alreadyEntered = (name: string) =>
  conflict(`${name} already has an entry in this jam. Everyone can be part of one entry per jam, so they can’t join this team.`);

function roleOf(viewer: SessionUser | null, entry: Entry, credit: TeamMembership | undefined, manages: boolean): TeamRole {
  if (!viewer) return 'none';
  if (entry.submitterId === viewer.id) return 'submitter';
  if (credit?.status === 'accepted') return 'co-creator';
  if (manages) return 'manager';
  return credit ? 'invited' : 'none';
}

const creditRows = (entryId: number) =>
  db()
    .select({
      name: users.name,
      status: entryCredits.status,
      invitedAt: entryCredits.invitedAt,
      acceptedAt: entryCredits.acceptedAt,
    })
    .from(entryCredits)
    .innerJoin(users, eq(users.id, entryCredits.userId))
    .where(and(eq(entryCredits.entryId, entryId), eq(users.isBanned, false)))
    .orderBy(sql`${entryCredits.acceptedAt} is null`, entryCredits.acceptedAt, entryCredits.invitedAt, entryCredits.userId);

/**
 * The entry's team: credited co-creators for everyone, pending invitations too for the team and the
 * jam's managers. One round trip with the entry's read (`reads`, shared by a caller that asks other
 * services about the entry too); whether the reader runs the jam is asked beside the rest.
 */
export async function readTeam(
  viewer: SessionUser | null,
  jam: Jam,
  entryId: number,
  reads: EntryReads = startEntryReads(jam, entryId, viewer),
): Promise<TeamDto> {
  const [entry, rows, mine, manages] = await Promise.all([
    reads.entry,
    creditRows(reads.id),
    reads.myMembership,
    can(viewer, 'jam:remove-entry', { jamId: jam.id }),
  ]);
  const role = roleOf(viewer, entry, mine, manages);
  const seesPending = role === 'submitter' || role === 'co-creator' || role === 'manager';
  const credits: TeamMemberDto[] = rows
    .filter((row) => seesPending || row.status === 'accepted')
    .map((row) => ({
      name: row.name,
      avatar: avatarPath(row.name),
      status: row.status,
      invitedAt: row.invitedAt.toISOString(),
      acceptedAt: row.acceptedAt?.toISOString() ?? null,
    }));
  const submitterName = entry.submitterName ?? entry.authorName;
  return {
    entryId: entry.id,
    submitter: { name: submitterName, avatar: avatarPath(submitterName) },
    credits,
    max: MAX_CO_CREATORS,
    open: teamIsOpen(jam),
    role,
  };
}

/** The user of that name, created from Scratch's answer when they never logged in (like an administrator's "Add user"). */
export async function userForInvite(name: string): Promise<{ user: User; created: boolean }> {
  const existing = await findUserByName(name);
  if (existing) return { user: existing, created: false };
  const scratcher = await fetchScratchUser(name);
  if (!scratcher) throw notFound(`Scratch has no user called ${name}. Check the spelling and try again.`);
  const database = db();
  const [row] = await database
    .insert(users)
    .values({ name: scratcher.username, avatarUrl: scratcher.avatarUrl })
    .onConflictDoNothing()
    .returning();
  if (row) return { user: row, created: true };
  // Someone logged in or was added meanwhile.
  return { user: (await findUserByName(scratcher.username, database))!, created: false };
}

/**
 * The submitter invites a co-creator by Scratch username. Inviting someone already invited or
 * credited answers the team as it is (`created: false`).
 */
export async function inviteCoCreator(
  actor: SessionUser,
  jam: Jam,
  entryId: number,
  name: string,
): Promise<{ credits: TeamDto; created: boolean }> {
  refuseIfBanned(actor);
  const entry = await requireEntry(jam, entryId);
  if (!(await can(actor, 'entry:invite-co-creator', { ownerId: entry.submitterId }))) throw refused('entry:invite-co-creator');
  if (!teamIsOpen(jam)) throw conflict(TEAM_SETTLED_MESSAGE);
  if (name.toLowerCase() === actor.name.toLowerCase())
    throw badRequest('You are already on this entry as its submitter. Invite the people who made it with you.');

  const { user: invitee, created: userCreated } = await userForInvite(name);
  if (await membershipOf(entry.id, invitee.id)) return { credits: await readTeam(actor, jam, entry.id), created: false };
  if (invitee.isBanned) throw conflict(`${invitee.name} can’t be credited on entries right now.`);
  if (await hasEntryIn(jam.id, invitee.id)) throw alreadyEntered(invitee.name);

  const database = db();
  const invitedAt = await database.transaction(async (tx) => {
    // The limit is checked by the insert itself, so two invitations at once cannot pass it together.
    const [row] = await tx.all<{ invited_at: number }>(sql`
      insert or ignore into ${entryCredits} (entry_id, user_id, jam_id, status, invited_by)
      select ${entry.id}, ${invitee.id}, ${jam.id}, 'invited', ${actor.id}
      where (select count(*) from ${entryCredits} where entry_id = ${entry.id}) < ${MAX_CO_CREATORS}
      returning invited_at`);
    if (!row) return null;
    const at = Number(row.invited_at);
    await notifyWith(tx, {
      userId: invitee.id,
      kind: 'credit-invited',
      key: `credit-invited:${entry.id}:${invitee.id}:${at}`,
      jamId: jam.id,
      entryId: entry.id,
      actorId: actor.id,
    });
    await recordAudit(tx, actor, {
      action: 'entry.credit.invite',
      jamId: jam.id,
      targetUserId: invitee.id,
      details: { entryId: entry.id, title: entry.title, name: invitee.name, ...(userCreated ? { userCreated: true } : {}) },
    });
    return at;
  });
  if (invitedAt === null) {
    // Either a second request invited them just now (answer the team) or the team is full.
    if (await membershipOf(entry.id, invitee.id)) return { credits: await readTeam(actor, jam, entry.id), created: false };
    throw conflict(TEAM_FULL_MESSAGE);
  }
  return { credits: await readTeam(actor, jam, entry.id), created: true };
}

/**
 * Takes someone off an entry's team: the submitter takes back an invitation (any time) or removes a
 * co-creator (while the team is open); a co-creator leaves, an invitee declines (any time); managers
 * and administrators may remove anyone.
 */
export async function removeFromTeam(actor: SessionUser, jam: Jam, entryId: number, name: string): Promise<TeamDto> {
  refuseIfBanned(actor);
  const entry = await requireEntry(jam, entryId);
  const self = name.toLowerCase() === actor.name.toLowerCase();
  const submitter = entry.submitterId === actor.id;
  if (!(await can(actor, 'entry:change-team', { jamId: jam.id, submitterId: entry.submitterId, ownMembership: self })))
    throw refused('entry:change-team');
  const target = await findUserByName(name);
  const credit = target ? await membershipOf(entry.id, target.id) : undefined;
  if (!target || !credit) throw notFound(`${name} is not invited to or credited on this entry.`);
  if (submitter && !self && credit.status === 'accepted' && !teamIsOpen(jam)) throw conflict(TEAM_SETTLED_MESSAGE);
  const reason = self
    ? credit.status === 'accepted'
      ? 'leave'
      : 'decline'
    : credit.status === 'accepted'
      ? 'remove'
      : 'take-back';

  const database = db();
  await database.transaction(async (tx) => {
    await tx.delete(entryCredits).where(and(eq(entryCredits.entryId, entry.id), eq(entryCredits.userId, target.id)));
    if (credit.status === 'invited') await settleInvitationEvents(tx, target.id, entry.id, self ? 'read' : 'drop');
    if (reason === 'decline') await declinedEvent(tx, entry, target, credit);
    await recordAudit(tx, actor, {
      action: 'entry.credit.remove',
      jamId: jam.id,
      targetUserId: target.id,
      details: { entryId: entry.id, title: entry.title, name: target.name, reason },
    });
  });
  if (credit.status === 'accepted') announceChange({ kind: 'entry', jamId: jam.id, entryId: entry.id });
  return readTeam(actor, jam, entry.id);
}
