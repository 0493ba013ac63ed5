/**
 * Who may do what (spec §6): the one place that answers it. Endpoint guards, page guards, services
 * and the hints the islands get (`allowed`, `canHide`, `canDelete`) all ask `can(user, action,
 * subject)`; nothing else reads the admin flag or the manager rows to decide
 * (tests/unit/one-decision-point.test.ts). `WHO_MAY` says each rule in words for the API's contract.
 * Actions are typed strings `entity:verb` so the UI can test the same names.
 */
import { and, eq, sql } from 'drizzle-orm';
import { jamManagers } from '#db/schema';
import { ADMIN_ONLY_ACTIONS, type AdminOnlyAction, type JamAction, MANAGER_ACTIONS, type ManagerAction } from '#lib/jam-actions';
import type { SessionUser } from './session';
import { db, preparedQuery } from '#server/platform/db';
import { AppError } from '#server/platform/errors';
import { refused } from './refusals';

export type JamRole = 'admin' | 'manager' | 'none';

export { JAM_ACTIONS, type JamAction } from '#lib/jam-actions';

/** A jam, by id. */
export interface JamSubject {
  jamId: number;
}
/** An entry of a jam; `onTeam`: the user is its submitter or an accepted co-creator (isOnTeam). */
export interface EntrySubject extends JamSubject {
  onTeam: boolean;
}
/** A note on an entry: who wrote it and who submitted the entry. */
export interface NoteSubject {
  authorId: number;
  entrySubmitterId: number;
}
/** An entry's team: `ownMembership` when the person named is the one asking (leaving, declining). */
export interface TeamSubject extends JamSubject {
  submitterId: number;
  ownMembership: boolean;
}
/** An entry as a judge sees it (ADR 040): `isJudge`, an accepted judge of its jam; `onTeam` as above. */
export interface JudgedEntrySubject extends EntrySubject {
  isJudge: boolean;
}
/** Something one person owns: an entry (its submitter), a jam request (its requester), a manager seat (its holder), a reported item. */
export interface OwnedSubject {
  ownerId: number | null;
}

/** What each action is asked about (null: the site as a whole). */
interface Subjects extends Record<ManagerAction, JamSubject>, Record<AdminOnlyAction, JamSubject | null> {
  /** The administrators' pages and endpoints (users, activity, jam requests, filter words). */
  'site:administer': null;
  /** Nobody on an entry's team (its submitter and credited co-creators) upvotes or rates it. */
  'entry:vote': EntrySubject;
  /** Nobody on an entry's team gives it kudos. */
  'entry:give-kudos': EntrySubject;
  /** The people credited on an entry, the jam's managers and administrators. */
  'entry:remove': EntrySubject;
  'entry:refresh': EntrySubject;
  /** ADR 042: the entry's team changes its answers to the submission questions. */
  'entry:answer': EntrySubject;
  /** ADR 050: a maker of the entry (its submitter or an accepted co-creator) uploads its jam version. */
  'entry:upload-jam-version': EntrySubject;
  /** ADR 042: private answers reach the entry's team, the jam's managers and administrators. */
  'entry:read-answers': EntrySubject;
  /** An entry hidden until submissions close (ADR 041): its team, the jam's managers and administrators. */
  'entry:read-hidden': EntrySubject;
  /** Only the submitter invites co-creators. */
  'entry:invite-co-creator': OwnedSubject;
  /** The submitter changes the team, anyone leaves or declines their own credit, managers and administrators remove anyone. */
  'entry:change-team': TeamSubject;
  /** The note's writer and the entry's submitter (managers hide instead). */
  'note:delete': NoteSubject;
  /** Administrators see who reported an item, unless it is theirs (nobody sees who reported their own entry or note). */
  'report:see-reporters': OwnedSubject;
  /** Only the requester takes back their jam request (an administrator declines it instead). */
  'jam-request:withdraw': OwnedSubject;
  /** A judge leaves private feedback on an entry of their jam, never their own or their team's. */
  'entry:write-judge-feedback': JudgedEntrySubject;
  /** The entry's team and the jam's managers (and administrators) read all its judges' feedback. */
  'entry:read-judge-feedback': EntrySubject;
  /** A judge may always step down (remove their own seat); the jam's managers and administrators remove anyone. */
  'jam:remove-judge': JamSubject & OwnedSubject;
  /** Managers may always leave a jam (remove their own seat); the jam's managers and administrators remove anyone. */
  'jam:remove-manager': JamSubject & OwnedSubject;
}
export type Action = keyof Subjects;

// Asked on every request that shows or changes a jam for a logged-in user: built once, run with values.
const managerRow = preparedQuery((database) =>
  database
    .select({ userId: jamManagers.userId })
    .from(jamManagers)
    .where(and(eq(jamManagers.jamId, sql.placeholder('jamId')), eq(jamManagers.userId, sql.placeholder('userId'))))
    .prepare(),
);

/**
 * The session user is one object per request, so this asks the database at most once per request
 * and jam however many actions are checked (the jam page's `allowed` list checks them all).
 */
const managerSeats = new WeakMap<SessionUser, Map<number, Promise<boolean>>>();

function managesJam(user: SessionUser, jamId: number): Promise<boolean> {
  let seats = managerSeats.get(user);
  if (!seats) managerSeats.set(user, (seats = new Map()));
  let seat = seats.get(jamId);
  if (!seat) {
    seat = managerRow().get({ jamId, userId: user.id }).then(Boolean);
    seats.set(jamId, seat);
  }
  return seat;
}

/**
 * Starts reading the user's seat among the jam's managers, for a `can` asked later in the request
 * once its subject is known (whose entry, whose seat): that `can` answers from this read. Callers
 * put it beside their other reads (`Promise.all`), so the seat costs no round trip of its own.
 */
export async function readJamSeat(user: SessionUser | null, jamId: number): Promise<void> {
  if (user && !user.isBanned && !user.isAdmin) await managesJam(user, jamId);
}

/** The viewer's role in a jam (the jam page says "You are a manager"); banned people have none. */
export async function jamRole(user: SessionUser | null, jamId: number | null): Promise<JamRole> {
  if (!user || user.isBanned) return 'none';
  if (user.isAdmin) return 'admin';
  if (jamId !== null && (await managesJam(user, jamId))) return 'manager';
  return 'none';
}

const runsJam = async (user: SessionUser, subject: JamSubject | null) =>
  user.isAdmin || (subject !== null && (await managesJam(user, subject.jamId)));
const isAdministrator = (user: SessionUser) => user.isAdmin;

type Rule<A extends Action> = (user: SessionUser, subject: Subjects[A]) => boolean | Promise<boolean>;

function sameRule<K extends Action>(actions: readonly K[], rule: Rule<K>): { [A in K]: Rule<A> } {
  const rules = {} as { [A in K]: Rule<A> };
  for (const action of actions) rules[action] = rule;
  return rules;
}

const RULES: { [A in Action]: Rule<A> } = {
  ...sameRule(MANAGER_ACTIONS, runsJam),
  ...sameRule(ADMIN_ONLY_ACTIONS, isAdministrator),
  'site:administer': isAdministrator,
  'entry:vote': (_user, entry) => !entry.onTeam,
  'entry:give-kudos': (_user, entry) => !entry.onTeam,
  'entry:remove': (user, entry) => entry.onTeam || runsJam(user, entry),
  'entry:refresh': (user, entry) => entry.onTeam || runsJam(user, entry),
  'entry:answer': (_user, entry) => entry.onTeam,
  'entry:upload-jam-version': (_user, entry) => entry.onTeam,
  'entry:read-answers': (user, entry) => entry.onTeam || runsJam(user, entry),
  'entry:read-hidden': (user, entry) => entry.onTeam || runsJam(user, entry),
  'entry:invite-co-creator': (user, entry) => entry.ownerId === user.id,
  'entry:change-team': (user, team) => team.ownMembership || team.submitterId === user.id || runsJam(user, team),
  'note:delete': (user, note) => note.authorId === user.id || note.entrySubmitterId === user.id,
  'report:see-reporters': (user, item) => user.isAdmin && item.ownerId !== user.id,
  'jam-request:withdraw': (user, request) => request.ownerId === user.id,
  'jam:remove-manager': (user, seat) => seat.ownerId === user.id || runsJam(user, seat),
  'entry:write-judge-feedback': (_user, entry) => entry.isJudge && !entry.onTeam,
  'entry:read-judge-feedback': (user, entry) => entry.onTeam || runsJam(user, entry),
  'jam:remove-judge': (user, seat) => seat.ownerId === user.id || runsJam(user, seat),
};

/**
 * Who may, in words, beside the rule that decides it: the OpenAPI document's "Who may call" of an
 * endpoint that declares `permission` comes from here (src/server/openapi/operation-parts.ts), so
 * the contract says what the check does. Visitors and banned people may do none of it.
 */
export const WHO_MAY: { [A in Action]: string } = {
  ...(Object.fromEntries(MANAGER_ACTIONS.map((action) => [action, 'A manager of this jam or an administrator.'])) as Record<
    ManagerAction,
    string
  >),
  ...(Object.fromEntries(ADMIN_ONLY_ACTIONS.map((action) => [action, 'An administrator.'])) as Record<AdminOnlyAction, string>),
  'jam:moderate-entries': 'A manager of the reported item’s jam or an administrator (a reported jam itself: an administrator).',
  'site:administer': 'An administrator.',
  'entry:vote': 'A logged-in user who is not banned and not on the entry’s team (its submitter and credited co-creators).',
  'entry:give-kudos': 'A logged-in user who is not banned and not on the entry’s team (its submitter and credited co-creators).',
  'entry:remove': 'The entry’s team (its submitter and credited co-creators), the jam’s managers and administrators.',
  'entry:refresh': 'The entry’s team (its submitter and credited co-creators), the jam’s managers and administrators.',
  'entry:answer': 'The entry’s team (its submitter and credited co-creators).',
  'entry:upload-jam-version': 'The entry’s team (its submitter and credited co-creators).',
  'entry:read-answers': 'The entry’s team (its submitter and credited co-creators), the jam’s managers and administrators.',
  'entry:read-hidden': 'The entry’s team (its submitter and credited co-creators), the jam’s managers and administrators.',
  'entry:invite-co-creator': 'The entry’s submitter.',
  'entry:change-team':
    'The entry’s submitter, the jam’s managers and administrators; a co-creator or an invited person for their own credit (leaving, declining).',
  'note:delete': 'The note’s writer and the entry’s submitter.',
  'report:see-reporters': 'An administrator, for items that are not their own.',
  'jam-request:withdraw': 'The person who sent the request.',
  'entry:write-judge-feedback': 'An accepted judge of this jam who is not on the entry’s team.',
  'entry:read-judge-feedback':
    'The entry’s team (its submitter and credited co-creators), the jam’s managers and administrators; an accepted judge of this jam reads their own feedback.',
  'jam:remove-judge': 'The jam’s managers and administrators, or the judge themself.',
  'jam:remove-manager': 'The jam’s managers and administrators, or the manager themself (leaving).',
};

/** Whether the user may do `action` to `subject`. Visitors and banned people may do none of it. */
export async function can<A extends Action>(user: SessionUser | null, action: A, subject: Subjects[A]): Promise<boolean> {
  if (!user || user.isBanned) return false;
  return RULES[action](user, subject);
}

/** The 403 for someone who may not do a jam action: it says who may. */
export function refusal(action: JamAction): AppError {
  const adminOnly = (ADMIN_ONLY_ACTIONS as readonly string[]).includes(action);
  return refused(adminOnly ? 'administrators' : 'jam-managers');
}

/** Throws 403 unless the user is an administrator who may act: services that act for administrators ask it themselves. */
export async function requireAdministrator(user: SessionUser): Promise<void> {
  if (!(await can(user, 'site:administer', null))) throw refused('administrators');
}

/** Throws 403 unless the user may do `action` to the jam (null jam: site-wide actions such as create). */
export async function requireJamPermission(user: SessionUser, jamId: number | null, action: JamAction): Promise<void> {
  if (!(await can(user, action, jamId === null ? null : { jamId }))) throw refusal(action);
}

/** Whose reports a user may see: everything (administrators), or the entries of these jams (their managers). */
export type ModerationScope = 'all' | { jamIds: number[] };

/**
 * The jams a user manages, as a subquery, for reads that start before `moderationScope` has
 * answered (the moderation queue reads its page beside it, in the same round trip).
 */
export const managedJamIds = (user: SessionUser) =>
  sql`(select ${jamManagers.jamId} from ${jamManagers} where ${jamManagers.userId} = ${user.id})`;

/** What the user may moderate, or null when nothing (not an administrator, manages no jam). */
export async function moderationScope(user: SessionUser): Promise<ModerationScope | null> {
  if (user.isBanned) return null;
  if (user.isAdmin) return 'all';
  const managed = await db().select({ jamId: jamManagers.jamId }).from(jamManagers).where(eq(jamManagers.userId, user.id));
  return managed.length ? { jamIds: managed.map((row) => row.jamId) } : null;
}
