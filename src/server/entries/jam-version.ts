/**
 * The jam version (issue 56, ADR 050): the `.sb3` an entry's makers upload, as the game stood at the
 * deadline. Any maker of the entry (its submitter or an accepted co-creator) uploads it while the jam
 * takes submissions, or inside their late window (the entry is then marked late, as a late change
 * is); each upload replaces the previous one, and after the deadline it is frozen. The file is
 * checked (./jam-version-check), kept in the host's file store under its SHA-256, and read from
 * there by the player on this site.
 */
import { and, eq, sql } from 'drizzle-orm';
import { type Jam, entries, jamVersions, users } from '#db/schema';
import type { JamVersionDto } from '#lib/schemas/jam-version';
import { can } from '#server/auth/permissions';
import { refuseIfBanned } from '#server/auth/require';
import type { SessionUser } from '#server/auth/session';
import { announceChange } from '#server/cache/changes';
import { conflict, notFound } from '#server/platform/errors';
import { db } from '#server/platform/db';
import { files } from '#server/platform/files';
import { isOnTeam } from '#server/teams/co-creators';
import { refused } from '#server/auth/refusals';
import { requireEntry } from './entries';
import { lateAudit } from './entry-answers';
import { requireVisibleEntry } from './hidden';
import { checkSb3, sha256Hex } from './jam-version-check';
import { dropUnusedFiles, fileUrl, jamVersionFileOf } from './jam-version-files';
import { lateWindowOf, submissionWindow } from './late-submissions';

export const JAM_VERSION_OFF_MESSAGE = 'This jam does not take jam versions: its managers have not asked for them.';
export const JAM_VERSION_FROZEN_MESSAGE =
  'The deadline has passed, so the jam version is frozen: it stays as it was uploaded and can no longer be replaced.';
export const JAM_VERSION_NOT_STARTED_MESSAGE = 'The jam has not started yet, so there is nothing to upload.';
export const NO_JAM_VERSION_MESSAGE = 'This entry has no jam version.';

type VersionRow = {
  entryId: number;
  sha256: string;
  size: number;
  uploadedAt: Date;
  uploadedBy: string | null;
  projectModifiedAt: Date | null;
  historyCheckedAt: Date | null;
};

const versionColumns = {
  entryId: jamVersions.entryId,
  sha256: jamVersions.sha256,
  size: jamVersions.size,
  uploadedAt: jamVersions.uploadedAt,
  uploadedBy: sql<string | null>`(select ${users.name} from ${users} where ${users.id} = ${jamVersions.uploadedBy})`,
  projectModifiedAt: entries.projectModifiedAt,
  historyCheckedAt: entries.historyCheckedAt,
};

/**
 * Whether the project on Scratch changed after the deadline, from its history as last read: yes when
 * it was modified after the end, no when it was read after the end and was not, else not known yet.
 */
function changedAfterDeadline(jam: Jam, row: Pick<VersionRow, 'projectModifiedAt' | 'historyCheckedAt'>): boolean | null {
  const end = jam.endsAt.getTime();
  if (row.projectModifiedAt && row.projectModifiedAt.getTime() > end) return true;
  if (row.historyCheckedAt && row.historyCheckedAt.getTime() > end) return false;
  return null;
}

function toJamVersionDto(jam: Jam, row: VersionRow): JamVersionDto {
  return {
    entryId: row.entryId,
    uploadedAt: row.uploadedAt.toISOString(),
    uploadedBy: row.uploadedBy,
    size: row.size,
    sha256: row.sha256,
    fileUrl: fileUrl(jam, row.entryId),
    scratchChangedAfterDeadline: changedAfterDeadline(jam, row),
    frozen: submissionWindow(jam, null) !== 'open',
  };
}

async function versionRow(jam: Jam, entryId: number): Promise<VersionRow | undefined> {
  const [row] = await db()
    .select(versionColumns)
    .from(jamVersions)
    .innerJoin(entries, eq(entries.id, jamVersions.entryId))
    .where(and(eq(jamVersions.entryId, entryId), eq(jamVersions.jamId, jam.id)));
  return row;
}

/** The entry's jam version, or null: for its page (public like the page; hidden entries are the page's own check). */
export async function readJamVersion(jam: Jam, entryId: number): Promise<JamVersionDto | null> {
  const row = await versionRow(jam, entryId);
  return row ? toJamVersionDto(jam, row) : null;
}

/** The jam version through the API: a 404 for an entry hidden from the reader, or without one. */
export async function readVisibleJamVersion(viewer: SessionUser | null, jam: Jam, entryId: number): Promise<JamVersionDto> {
  const [, version] = await Promise.all([requireVisibleEntry(viewer, jam, entryId), readJamVersion(jam, entryId)]);
  if (!version) throw notFound(NO_JAM_VERSION_MESSAGE);
  return version;
}

/** The `.sb3` itself, for the player: whoever may see the entry may play it. */
export async function readJamVersionFile(
  viewer: SessionUser | null,
  jam: Jam,
  entryId: number,
): Promise<{ bytes: Uint8Array; sha256: string } | { sha256: string; bytes: null }> {
  const version = await readVisibleJamVersion(viewer, jam, entryId);
  return { sha256: version.sha256, bytes: await files().get(version.sha256) };
}

/**
 * A maker of the entry uploads its jam version: checked, kept under its SHA-256, replacing the
 * previous one, until the deadline (or inside the uploader's late window: the entry is marked late).
 */
export async function uploadJamVersion(user: SessionUser, jam: Jam, entryId: number, upload: Uint8Array): Promise<JamVersionDto> {
  refuseIfBanned(user);
  const [entry, onTeam, lateUntil, previous] = await Promise.all([
    requireEntry(jam, entryId),
    isOnTeam(entryId, user.id),
    lateWindowOf(jam.id, user.id),
    jamVersionFileOf(entryId),
  ]);
  if (!(await can(user, 'entry:upload-jam-version', { jamId: jam.id, onTeam }))) throw refused('entry:upload-jam-version');
  if (jam.jamVersion === 'off') throw conflict(JAM_VERSION_OFF_MESSAGE);
  const window = submissionWindow(jam, lateUntil);
  if (window === 'closed')
    throw conflict(Date.now() < jam.startsAt.getTime() ? JAM_VERSION_NOT_STARTED_MESSAGE : JAM_VERSION_FROZEN_MESSAGE);
  const checked = checkSb3(upload);
  const sha256 = await sha256Hex(checked.bytes);
  // The file first: a row never names a file that is not there.
  await files().put(sha256, checked.bytes);
  const database = db();
  const values = { entryId, jamId: jam.id, sha256, size: checked.bytes.byteLength, uploadedBy: user.id, uploadedAt: new Date() };
  const upsert = database
    .insert(jamVersions)
    .values(values)
    .onConflictDoUpdate({
      target: jamVersions.entryId,
      set: { sha256, size: values.size, uploadedBy: user.id, uploadedAt: values.uploadedAt },
    });
  if (window === 'late') {
    await database.batch([
      upsert,
      database.update(entries).set({ late: true }).where(eq(entries.id, entry.id)),
      lateAudit(user, jam, { entryId: entry.id, title: entry.title, jamVersion: sha256 }),
    ]);
  } else await upsert;
  if (previous && previous !== sha256) await dropUnusedFiles([previous]);
  announceChange({ kind: 'entry', jamId: jam.id, entryId: entry.id });
  // What was written, with the entry's history as read above: no read after the write.
  return toJamVersionDto(jam, {
    entryId,
    sha256,
    size: values.size,
    uploadedAt: values.uploadedAt,
    uploadedBy: user.name,
    projectModifiedAt: entry.projectModifiedAt,
    historyCheckedAt: entry.historyCheckedAt,
  });
}
