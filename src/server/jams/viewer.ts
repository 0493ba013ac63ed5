/** What the jam page's islands need to know about the person looking at it. */
import { and, eq, sql } from 'drizzle-orm';
import { type Jam, entries, jamParticipants } from '#db/schema';
import type { JamViewerDto } from '#lib/schemas/viewer';
import { JAM_ACTIONS, type JamAction, can, jamRole } from '#server/auth/permissions';
import { preparedQuery } from '#server/platform/db';
import { bodyIsHidden } from './jams';
import { renderJamBody } from './markdown';
import type { SessionUser } from '#server/auth/session';

// Logged-in readers of a jam page ask for this every time they open it: built once, run with values.
const ownEntry = preparedQuery((database) =>
  database
    .select({ id: entries.id, scratchId: entries.scratchId, title: entries.title })
    .from(entries)
    .where(and(eq(entries.jamId, sql.placeholder('jamId')), eq(entries.submitterId, sql.placeholder('userId'))))
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

export async function jamViewerState(jam: Jam, viewer: SessionUser | null): Promise<JamViewerDto> {
  const role = await jamRole(viewer, jam.id);
  const allowed = await allowedActions(viewer, jam.id);
  const mine = viewer && { jamId: jam.id, userId: viewer.id };
  const entry = mine ? await ownEntry().get(mine) : undefined;
  const joined = mine ? await participation().get(mine) : undefined;
  const publiclyHidden = bodyIsHidden(jam, false);
  const hiddenBody = publiclyHidden && !bodyIsHidden(jam, allowed.includes('jam:read-mystery')) ? jam.body : null;
  return {
    user: viewer ? { id: viewer.id, name: viewer.name, isAdmin: viewer.isAdmin, isBanned: viewer.isBanned } : null,
    role,
    isManager: role === 'manager',
    allowed,
    joined: Boolean(joined),
    entry: entry ?? null,
    // The public page leaves a mystery body out; managers and admins get it here.
    hiddenBody,
    hiddenBodyHtml: hiddenBody === null ? null : renderJamBody(hiddenBody),
  };
}
