import { pruneIdempotencyKeys } from '#server/http/idempotency';
import { pruneRateLimits } from '#server/http/rate-limit';
import { pruneJamEvents } from '#server/live/jam-events';
import { deleteExpiredSessions } from '#server/auth/session';
import { sweepUnusedFiles } from '#server/platform/files-sweep';
import { prunePageChanges } from '#server/platform/page-changes-log';

/**
 * What expires without anyone asking: abandoned sessions (a presented one is deleted at once) and
 * rate-limit buckets full again, live events past their replay window, Idempotency-Keys older than a day,
 * uploaded files no jam version names (ADR 050), page changes passed between servers an hour ago (ADR 056). Every host sweeps (the Node server hourly, a Worker on its cron);
 * the deletes are idempotent, so several processes may.
 */
export async function sweepExpired(): Promise<void> {
  await deleteExpiredSessions();
  await pruneRateLimits();
  await pruneJamEvents();
  await pruneIdempotencyKeys();
  await sweepUnusedFiles();
  await prunePageChanges();
}
