/**
 * Files no jam version names any more (ADR 050): an entry removed by its team, by moderation or with
 * its jam, or replaced by a new upload, leaves its file behind unless a service removed it at once.
 * The hourly sweep removes those written more than an hour ago (a file is written a moment before the
 * row that names it, so a younger one may be an upload on its way).
 */
import { jamVersions } from '#db/schema';
import { db } from './db';
import { files } from './files';

const GRACE_MS = 60 * 60 * 1000;

export async function sweepUnusedFiles(now = Date.now()): Promise<number> {
  const [kept, used] = await Promise.all([files().list(), db().selectDistinct({ sha256: jamVersions.sha256 }).from(jamVersions)]);
  const named = new Set(used.map((row) => row.sha256));
  const unused = kept.filter((file) => !named.has(file.key) && now - file.at.getTime() > GRACE_MS);
  await Promise.all(unused.map((file) => files().delete(file.key)));
  return unused.length;
}
