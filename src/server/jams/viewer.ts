/** What the jam page's islands need to know about the person looking at it. */
import { and, eq } from 'drizzle-orm';
import { entries, jamParticipants } from '#db/schema';
import type { JamViewerDto } from '#lib/schemas/viewer';
import { JAM_ACTIONS, can, jamRole } from '#server/auth/permissions';
import { db } from '#server/platform/db';
import { bodyIsHidden, requireJam } from './jams';
import { renderJamBody } from './markdown';
import type { SessionUser } from '#server/auth/session';

export async function jamViewerState(slug: string, viewer: SessionUser | null): Promise<JamViewerDto> {
  const jam = await requireJam(slug);
  const role = await jamRole(viewer, jam.id);
  const [entry] = viewer
    ? await (
        await db()
      )
        .select({ id: entries.id, scratchId: entries.scratchId, title: entries.title })
        .from(entries)
        .where(and(eq(entries.jamId, jam.id), eq(entries.submitterId, viewer.id)))
    : [];
  const [joined] = viewer
    ? await (
        await db()
      )
        .select({ jamId: jamParticipants.jamId })
        .from(jamParticipants)
        .where(and(eq(jamParticipants.jamId, jam.id), eq(jamParticipants.userId, viewer.id)))
    : [];
  const publiclyHidden = bodyIsHidden(jam, 'none');
  const hiddenBody = publiclyHidden && !bodyIsHidden(jam, role) ? jam.body : null;
  return {
    user: viewer ? { id: viewer.id, name: viewer.name, isAdmin: viewer.isAdmin, isBanned: viewer.isBanned } : null,
    role,
    isManager: role === 'manager',
    allowed: JAM_ACTIONS.filter((action) => can(role, action)),
    joined: Boolean(joined),
    entry: entry ?? null,
    // The public page leaves a mystery body out; managers and admins get it here.
    hiddenBody,
    hiddenBodyHtml: hiddenBody === null ? null : renderJamBody(hiddenBody),
  };
}
