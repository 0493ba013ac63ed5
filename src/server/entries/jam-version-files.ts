/**
 * The jam versions' files as the rest of the site asks after them (ADR 050): which file an entry's is,
 * which go with an account, what "Download my data" lists, and dropping the files nothing names any
 * more. Beside jam-version.ts (uploading and reading), which imports the entries' rules: removing an
 * entry and deleting an account import this file alone, so no import comes back round.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { type Jam, entries, jamVersions, jams } from '#db/schema';
import type { MyDataDto } from '#lib/schemas/my-data';
import { db } from '#server/platform/db';
import { files } from '#server/platform/files';
import { onTeamCondition } from '#server/teams/co-creators';

/** Where an entry's jam version file is served. */
export const fileUrl = (jam: Pick<Jam, 'slug'>, entryId: number) => `/api/jams/${jam.slug}/entries/${entryId}/jam-version/file`;

/** Removes from the file store those of `keys` that no jam version names any more. */
export async function dropUnusedFiles(keys: readonly string[]): Promise<void> {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return;
  const used = await db()
    .selectDistinct({ sha256: jamVersions.sha256 })
    .from(jamVersions)
    .where(inArray(jamVersions.sha256, unique));
  const stillUsed = new Set(used.map((row) => row.sha256));
  await Promise.all(unique.filter((key) => !stillUsed.has(key)).map((key) => files().delete(key)));
}

/** The files of the jam versions of entries `userId` submitted (they go with the account). */
export async function jamVersionFilesOfSubmitter(userId: number): Promise<string[]> {
  const rows = await db()
    .select({ sha256: jamVersions.sha256 })
    .from(jamVersions)
    .innerJoin(entries, eq(entries.id, jamVersions.entryId))
    .where(eq(entries.submitterId, userId));
  return rows.map((row) => row.sha256);
}

/** For "Download my data": the jam versions of the entries `userId` is on the team of. */
export async function jamVersionsOfMember(userId: number): Promise<MyDataDto['jamVersions']> {
  const rows = await db()
    .select({
      version: jamVersions,
      entry: { id: entries.id, title: entries.title },
      jam: { slug: jams.slug, name: jams.name },
    })
    .from(jamVersions)
    .innerJoin(entries, eq(entries.id, jamVersions.entryId))
    .innerJoin(jams, eq(jams.id, jamVersions.jamId))
    .where(onTeamCondition(jamVersions.entryId, userId))
    .orderBy(asc(jamVersions.entryId));
  return rows.map(({ version, entry, jam }) => ({
    jam,
    entry,
    uploadedAt: version.uploadedAt.toISOString(),
    uploadedByYou: version.uploadedBy === userId,
    size: version.size,
    sha256: version.sha256,
    fileUrl: fileUrl(jam, entry.id),
  }));
}

/** The file of one entry's jam version, if any (read before the entry is removed). */
export async function jamVersionFileOf(entryId: number): Promise<string | null> {
  const [row] = await db().select({ sha256: jamVersions.sha256 }).from(jamVersions).where(eq(jamVersions.entryId, entryId));
  return row?.sha256 ?? null;
}
