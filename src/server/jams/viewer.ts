/**
 * The viewer document (ADR 034): everything personal on a jam page or, with an entry, on that entry's
 * page — who is logged in, what they may do in the jam, their votes, the bell's count and their side
 * of the entry's kudos, notes and team — read in one round trip, so a page's islands share one request.
 */
import { and, eq, sql } from 'drizzle-orm';
import { type Jam, entries, jamParticipants } from '#db/schema';
import type { EntryViewerDto, JamViewerDto } from '#lib/schemas/viewer';
import { JAM_ACTIONS, type JamAction, can, jamRole } from '#server/auth/permissions';
import type { SessionUser } from '#server/auth/session';
import { readKudos } from '#server/feedback/kudos';
import { listNotes } from '#server/feedback/notes';
import { unreadCount } from '#server/inbox/inbox';
import { preparedQuery } from '#server/platform/db';
import { theirEntryInJamCondition } from '#server/teams/co-creators';
import { readTeam } from '#server/teams/team';
import { type EntryReads, startEntryReads } from '#server/entries/entry-reads';
import { bodyIsHidden } from './jams';
import { bodyLinks, renderJamBody } from './markdown';
import { myVotes } from '#server/judging/votes';
import { lateWindowOf, submissionWindow } from '#server/entries/late-submissions';
import { jamStatus } from '#lib/jam-timing';
import { judgeFeedbackFor } from '#server/judging/judge-feedback';
import { myTheme, themePanelShows } from '#server/themes/theme-mine';

// Logged-in readers of a jam page ask for this every time they open it: built once, run with values.
const ownEntry = preparedQuery((database) =>
  database
    .select({ id: entries.id, scratchId: entries.scratchId, title: entries.title })
    .from(entries)
    // Theirs: submitted or credited on (one entry per person per jam).
    .where(theirEntryInJamCondition(entries.id, entries.jamId, sql.placeholder('jamId'), sql.placeholder('userId')))
    .prepare(),
);
const participation = preparedQuery((database) =>
  database
    .select({ jamId: jamParticipants.jamId })
    .from(jamParticipants)
    .where(and(eq(jamParticipants.jamId, sql.placeholder('jamId')), eq(jamParticipants.userId, sql.placeholder('userId'))))
    .prepare(),
);

/** Every jam action the viewer may take here (one manager lookup for them all: `can` remembers it for the request). */
async function allowedActions(viewer: SessionUser | null, jamId: number): Promise<JamAction[]> {
  const subject = { jamId };
  const may = await Promise.all(JAM_ACTIONS.map((action) => can(viewer, action, subject)));
  return JAM_ACTIONS.filter((_action, index) => may[index]);
}

/** The reader's side of one entry's page; every read starts now, beside the document's others. */
async function entryViewerState(jam: Jam, viewer: SessionUser | null, reads: EntryReads): Promise<EntryViewerDto> {
  const [kudos, notes, credits, judgeFeedback] = await Promise.all([
    jam.feedback === 'off' ? null : readKudos(viewer, jam, reads.id, reads),
    jam.feedback === 'notes' ? listNotes(viewer, jam, reads.id, 1, reads) : null,
    readTeam(viewer, jam, reads.id, reads),
    judgeFeedbackFor(viewer, jam, reads),
  ]);
  return { id: reads.id, kudos, notes, credits, judgeFeedback };
}

export interface ViewerOptions {
  /** The entry whose page asks (`?entry=`): its personal side joins the document; a 404 when it is not part of the jam. */
  entryId?: number | undefined;
  /** The entry's read, when the caller has started it already. */
  entryReads?: EntryReads;
}

/** The viewer document: every read it needs starts in this turn, so it costs one round trip after the session and the jam. */
export async function jamViewerState(jam: Jam, viewer: SessionUser | null, options: ViewerOptions = {}): Promise<JamViewerDto> {
  const mine = viewer && { jamId: jam.id, userId: viewer.id };
  const active = viewer !== null && !viewer.isBanned;
  const { entryId } = options;
  const reads = options.entryReads ?? (entryId === undefined ? null : startEntryReads(jam, entryId, viewer));
  const afterEnd = jamStatus(jam) === 'ended';
  const [role, allowed, entry, joined, votes, unread, viewedEntry, lateUntil, theme] = await Promise.all([
    jamRole(viewer, jam.id),
    allowedActions(viewer, jam.id),
    mine ? ownEntry().get(mine) : undefined,
    mine ? participation().get(mine) : undefined,
    // What GET …/my-votes and the bell's GET …/unread refuse banned people stays out for them here too.
    active ? myVotes(viewer, jam) : null,
    active ? unreadCount(viewer) : null,
    reads ? entryViewerState(jam, viewer, reads) : null,
    active && afterEnd ? lateWindowOf(jam.id, viewer.id) : null,
    // The theme panel's part (ADR 043), as GET …/theme/mine answers it, while the page shows the panel.
    active && themePanelShows(jam) ? myTheme(viewer, jam) : null,
  ]);
  const publiclyHidden = bodyIsHidden(jam, false);
  const hiddenBody = publiclyHidden && !bodyIsHidden(jam, allowed.includes('jam:read-mystery')) ? jam.body : null;
  return {
    user: viewer && {
      id: viewer.id,
      name: viewer.name,
      isAdmin: viewer.isAdmin,
      isBanned: viewer.isBanned,
      updatedAt: viewer.updatedAt.toISOString(),
      updatedBy: viewer.updatedBy,
    },
    role,
    isManager: role === 'manager',
    allowed,
    joined: Boolean(joined),
    entry: entry ?? null,
    // The public page leaves a mystery body out; managers and admins get it here.
    hiddenBody,
    hiddenBodyHtml: hiddenBody === null ? null : renderJamBody(hiddenBody, bodyLinks(jam)),
    votes,
    unread,
    lateUntil: submissionWindow(jam, lateUntil) === 'late' ? new Date(lateUntil!).toISOString() : null,
    viewedEntry,
    theme,
  };
}
