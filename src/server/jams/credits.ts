/**
 * Teams (issue 35 §1): the submitter invites up to MAX_CO_CREATORS co-creators by Scratch username;
 * each is credited once they accept. Teams form while the jam takes submissions and are settled
 * when it stops; leaving, declining and taking back a pending invitation stay possible after that.
 * One entry per person per jam, as submitter or accepted co-creator, is held by the database
 * (migration 0016); the services check it first to answer kindly, and map the database's refusal.
 */
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { type Entry, type Jam, type User, entries, entryCredits, jams, kudos, notifications, users, votes } from '#db/schema';
import { avatarPath } from '#lib/avatars';
import { jamStatus } from '#lib/jam-timing';
import type { CreditDto, EntryCreditsDto, EntryCreditsRole, InvitationListDto } from '#lib/schemas/credits';
import { MAX_CO_CREATORS } from '#lib/teams';
import { recordAudit } from '#server/activity/audit';
import { bannedError } from '#server/auth/require';
import { can } from '#server/auth/permissions';
import { announceChange } from '#server/cache/changes';
import { AppError, badRequest, conflict, notFound } from '#server/http/errors';
import { type RateLimit, createRateLimiter } from '#server/http/rate-limit';
import { notifyWith } from '#server/inbox/notify';
import { db } from '#server/platform/db';
import { fetchScratchUser } from '#server/platform/scratch';
import { findUserByName } from '#server/users/users';
import type { SessionUser } from '#server/auth/session';
import { isOneEntryViolation } from './co-creators';
import { requireEntry } from './entries';
import { requireJam } from './jams';
import { joinInside } from './participants';

/** Per user: an invitation may ask Scratch about the name, so a few a minute, like submissions. */
export const INVITE_RATE_LIMIT: RateLimit = { capacity: 10, perMs: 60_000 };
export const inviteLimiter = createRateLimiter('invitations', INVITE_RATE_LIMIT);

export const TEAM_SETTLED_MESSAGE = 'Submissions for this jam have closed, so its teams are settled and can no longer change.';
export const ONE_ENTRY_MESSAGE =
  'You already have an entry in this jam. Everyone can be part of one entry per jam, so you can’t join this team too.';
export const TEAM_FULL_MESSAGE = `An entry can credit up to ${MAX_CO_CREATORS} co-creators. Take back an invitation to make room for someone else.`;
export const ONLY_SUBMITTER_MESSAGE = 'Only the person who submitted this entry can invite co-creators.';
export const NO_INVITATION_MESSAGE = 'There is no invitation for you on this entry (it may have been taken back).';

const alreadyEntered = (name: string) =>
  conflict(`${name} already has an entry in this jam. Everyone can be part of one entry per jam, so they can’t join this team.`);

const teamIsOpen = (jam: Jam) => jamStatus(jam) === 'ongoing';

type Credit = typeof entryCredits.$inferSelect;

/** Whether the user submitted an entry of the jam or is credited on one (besides `exceptEntryId`). */
async function hasEntryIn(jamId: number, userId: number): Promise<boolean> {
  const [row] = await db().all<{ yes: number }>(sql`select (
      exists (select 1 from ${entries} where ${entries.jamId} = ${jamId} and ${entries.submitterId} = ${userId})
      or exists (select 1 from ${entryCredits} where ${entryCredits.jamId} = ${jamId} and ${entryCredits.userId} = ${userId} and ${entryCredits.status} = 'accepted')
    ) as yes`);
  return Boolean(Number(row?.yes ?? 0));
}

async function creditOf(entryId: number, userId: number): Promise<Credit | undefined> {
  const [row] = await db()
    .select()
    .from(entryCredits)
    .where(and(eq(entryCredits.entryId, entryId), eq(entryCredits.userId, userId)));
  return row;
}

async function roleOf(viewer: SessionUser | null, jam: Jam, entry: Entry, credit: Credit | undefined): Promise<EntryCreditsRole> {
  if (!viewer) return 'none';
  if (entry.submitterId === viewer.id) return 'submitter';
  if (credit?.status === 'accepted') return 'co-creator';
  if (await can(viewer, 'jam:remove-entry', { jamId: jam.id })) return 'manager';
  return credit ? 'invited' : 'none';
}

async function creditsOf(viewer: SessionUser | null, jam: Jam, entry: Entry): Promise<EntryCreditsDto> {
  const database = db();
  const [rows, [submitter], mine] = await Promise.all([
    database
      .select({
        name: users.name,
        status: entryCredits.status,
        invitedAt: entryCredits.invitedAt,
        acceptedAt: entryCredits.acceptedAt,
      })
      .from(entryCredits)
      .innerJoin(users, eq(users.id, entryCredits.userId))
      .where(and(eq(entryCredits.entryId, entry.id), eq(users.isBanned, false)))
      .orderBy(sql`${entryCredits.acceptedAt} is null`, entryCredits.acceptedAt, entryCredits.invitedAt, entryCredits.userId),
    database.select({ name: users.name }).from(users).where(eq(users.id, entry.submitterId)),
    viewer ? creditOf(entry.id, viewer.id) : undefined,
  ]);
  const role = await roleOf(viewer, jam, entry, mine);
  const seesPending = role === 'submitter' || role === 'co-creator' || role === 'manager';
  const credits: CreditDto[] = rows
    .filter((row) => seesPending || row.status === 'accepted')
    .map((row) => ({
      name: row.name,
      avatar: avatarPath(row.name),
      status: row.status,
      invitedAt: row.invitedAt.toISOString(),
      acceptedAt: row.acceptedAt?.toISOString() ?? null,
    }));
  const submitterName = submitter?.name ?? entry.authorName;
  return {
    entryId: entry.id,
    submitter: { name: submitterName, avatar: avatarPath(submitterName) },
    credits,
    max: MAX_CO_CREATORS,
    open: teamIsOpen(jam),
    role,
  };
}

/** The entry's team: credited co-creators for everyone, pending invitations too for the team and the jam's managers. */
export async function readCredits(viewer: SessionUser | null, slug: string, entryId: number): Promise<EntryCreditsDto> {
  const jam = await requireJam(slug);
  return creditsOf(viewer, jam, await requireEntry(jam, entryId));
}

/** The user of that name, created from Scratch's answer when they never logged in (like an administrator's "Add user"). */
async function userForInvite(name: string): Promise<{ user: User; created: boolean }> {
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
  slug: string,
  entryId: number,
  name: string,
): Promise<{ credits: EntryCreditsDto; created: boolean }> {
  if (actor.isBanned) throw bannedError(actor.name);
  const jam = await requireJam(slug);
  const entry = await requireEntry(jam, entryId);
  if (!(await can(actor, 'entry:invite-co-creator', { ownerId: entry.submitterId })))
    throw new AppError(403, 'forbidden', ONLY_SUBMITTER_MESSAGE);
  if (!teamIsOpen(jam)) throw conflict(TEAM_SETTLED_MESSAGE);
  if (name.toLowerCase() === actor.name.toLowerCase())
    throw badRequest('You are already on this entry as its submitter. Invite the people who made it with you.');

  const { user: invitee, created: userCreated } = await userForInvite(name);
  if (await creditOf(entry.id, invitee.id)) return { credits: await creditsOf(actor, jam, entry), created: false };
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
    if (await creditOf(entry.id, invitee.id)) return { credits: await creditsOf(actor, jam, entry), created: false };
    throw conflict(TEAM_FULL_MESSAGE);
  }
  return { credits: await creditsOf(actor, jam, entry), created: true };
}

/** Marks the person's unread invitation event about the entry read, or drops it when the invitation is gone. */
async function settleInvitationEvents(
  tx: Pick<Awaited<ReturnType<typeof db>>, 'update' | 'delete'>,
  userId: number,
  entryId: number,
  how: 'read' | 'drop',
) {
  const which = and(
    eq(notifications.userId, userId),
    eq(notifications.entryId, entryId),
    eq(notifications.kind, 'credit-invited'),
    isNull(notifications.readAt),
  );
  if (how === 'drop') await tx.delete(notifications).where(which);
  else await tx.update(notifications).set({ readAt: new Date() }).where(which);
}

/**
 * Takes someone off an entry's team: the submitter takes back an invitation (any time) or removes a
 * co-creator (while the team is open); a co-creator leaves, an invitee declines (any time); managers
 * and administrators may remove anyone.
 */
export async function removeCredit(actor: SessionUser, slug: string, entryId: number, name: string): Promise<EntryCreditsDto> {
  if (actor.isBanned) throw bannedError(actor.name);
  const jam = await requireJam(slug);
  const entry = await requireEntry(jam, entryId);
  const self = name.toLowerCase() === actor.name.toLowerCase();
  const submitter = entry.submitterId === actor.id;
  if (!(await can(actor, 'entry:change-team', { jamId: jam.id, submitterId: entry.submitterId, ownCredit: self })))
    throw new AppError(403, 'forbidden', 'Only the entry’s submitter can change its team; co-creators can leave it.');
  const target = await findUserByName(name);
  const credit = target ? await creditOf(entry.id, target.id) : undefined;
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
  return creditsOf(actor, jam, entry);
}

async function declinedEvent(tx: Parameters<typeof notifyWith>[0], entry: Entry, invitee: { id: number }, credit: Credit) {
  await notifyWith(tx, {
    userId: entry.submitterId,
    kind: 'credit-declined',
    key: `credit-declined:${entry.id}:${invitee.id}:${credit.invitedAt.getTime()}`,
    jamId: entry.jamId,
    entryId: entry.id,
    actorId: invitee.id,
  });
}

const inviter = alias(users, 'inviter');

/** The person's pending invitations, newest first, in jams whose teams can still change. */
export async function myInvitations(user: SessionUser, now = Date.now()): Promise<InvitationListDto> {
  const rows = await db()
    .select({
      entryId: entries.id,
      entryTitle: entries.title,
      thumbnailUrl: entries.thumbnailUrl,
      slug: jams.slug,
      jamName: jams.name,
      invitedBy: inviter.name,
      invitedAt: entryCredits.invitedAt,
    })
    .from(entryCredits)
    .innerJoin(entries, eq(entries.id, entryCredits.entryId))
    .innerJoin(jams, eq(jams.id, entryCredits.jamId))
    .leftJoin(inviter, eq(inviter.id, entryCredits.invitedBy))
    .where(and(eq(entryCredits.userId, user.id), eq(entryCredits.status, 'invited'), gt(jams.endsAt, new Date(now))))
    .orderBy(desc(entryCredits.invitedAt), desc(entries.id));
  return {
    invitations: rows.map((row) => ({
      entryId: row.entryId,
      entryTitle: row.entryTitle,
      thumbnailUrl: row.thumbnailUrl,
      jam: { slug: row.slug, name: row.jamName },
      invitedBy: row.invitedBy,
      invitedAt: row.invitedAt.toISOString(),
    })),
  };
}

async function requireInvitation(user: SessionUser, entryId: number): Promise<{ credit: Credit; entry: Entry; jam: Jam }> {
  if (user.isBanned) throw bannedError(user.name);
  const credit = await creditOf(entryId, user.id);
  if (!credit) throw notFound(NO_INVITATION_MESSAGE);
  const database = db();
  const [row] = await database
    .select({ entry: entries, jam: jams })
    .from(entries)
    .innerJoin(jams, eq(jams.id, entries.jamId))
    .where(eq(entries.id, entryId));
  if (!row) throw notFound(NO_INVITATION_MESSAGE);
  return { credit, entry: row.entry, jam: row.jam };
}

/**
 * Accepts an invitation: credited from now on (joining the jam too). Any vote or kudos they gave
 * the entry before goes, since nobody votes for or gives kudos to their own entry. Accepting twice
 * is harmless.
 */
export async function acceptInvitation(user: SessionUser, entryId: number): Promise<InvitationListDto> {
  const { credit, entry, jam } = await requireInvitation(user, entryId);
  if (credit.status === 'accepted') return myInvitations(user);
  if (!teamIsOpen(jam)) throw conflict(TEAM_SETTLED_MESSAGE);
  if (await hasEntryIn(jam.id, user.id)) throw conflict(ONE_ENTRY_MESSAGE);
  const database = db();
  try {
    await database.transaction(async (tx) => {
      const acceptedAt = new Date();
      const updated = await tx
        .update(entryCredits)
        .set({ status: 'accepted', acceptedAt })
        .where(and(eq(entryCredits.entryId, entry.id), eq(entryCredits.userId, user.id), eq(entryCredits.status, 'invited')))
        .returning({ entryId: entryCredits.entryId });
      if (updated.length === 0) return; // accepted by another request just now
      await tx.delete(votes).where(and(eq(votes.entryId, entry.id), eq(votes.voterId, user.id)));
      await tx.delete(kudos).where(and(eq(kudos.entryId, entry.id), eq(kudos.giverId, user.id)));
      await joinInside(tx, jam.id, user.id);
      await settleInvitationEvents(tx, user.id, entry.id, 'read');
      await notifyWith(tx, {
        userId: entry.submitterId,
        kind: 'credit-accepted',
        key: `credit-accepted:${entry.id}:${user.id}:${acceptedAt.getTime()}`,
        jamId: jam.id,
        entryId: entry.id,
        actorId: user.id,
      });
      await recordAudit(tx, user, {
        action: 'entry.credit.accept',
        jamId: jam.id,
        targetUserId: entry.submitterId,
        details: { entryId: entry.id, title: entry.title, name: user.name },
      });
    });
  } catch (error) {
    // Another request (a submission, or accepting elsewhere in the jam) won the race.
    if (isOneEntryViolation(error)) throw conflict(ONE_ENTRY_MESSAGE);
    throw error;
  }
  announceChange({ kind: 'entry', jamId: jam.id, entryId: entry.id });
  return myInvitations(user);
}

/** Declines a pending invitation (a credited co-creator leaves from the entry's page instead). */
export async function declineInvitation(user: SessionUser, entryId: number): Promise<InvitationListDto> {
  const { credit, entry, jam } = await requireInvitation(user, entryId);
  if (credit.status === 'accepted')
    throw conflict('You are already credited on this entry. To leave its team, use “Leave” on the entry’s page.');
  const database = db();
  await database.transaction(async (tx) => {
    const removed = await tx
      .delete(entryCredits)
      .where(and(eq(entryCredits.entryId, entry.id), eq(entryCredits.userId, user.id), eq(entryCredits.status, 'invited')))
      .returning({ entryId: entryCredits.entryId });
    if (removed.length === 0) return;
    await settleInvitationEvents(tx, user.id, entry.id, 'read');
    await declinedEvent(tx, entry, user, credit);
    await recordAudit(tx, user, {
      action: 'entry.credit.remove',
      jamId: jam.id,
      targetUserId: entry.submitterId,
      details: { entryId: entry.id, title: entry.title, name: user.name, reason: 'decline' },
    });
  });
  return myInvitations(user);
}
