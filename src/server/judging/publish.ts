/**
 * Publishing the results of a jam with manual results (ADR 041). The moment is stored on the jam, so
 * pressing twice publishes once: one audit entry, one inbox message per entrant (its key is the jam's).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Jam, jams } from '#db/schema';
import { votingHasClosed } from '#lib/jam-timing';
import type { JamDto } from '#lib/schemas/jams';
import { auditStatement } from '#server/activity/audit';
import { requireJamPermission } from '#server/auth/permissions';
import type { SessionUser } from '#server/auth/session';
import { announceChange } from '#server/cache/changes';
import { conflict } from '#server/platform/errors';
import { db } from '#server/platform/db';
import { batchNamed } from '#server/platform/named';
import { toJamDto } from '#server/jams/jams';
import { resultsStatement } from '#server/live/jam-events';

export const RESULTS_AUTOMATIC_MESSAGE = 'This jam shows its results by itself when voting ends, so there is nothing to publish.';
export const RESULTS_TOO_EARLY_MESSAGE = 'The results can be published once voting has ended.';

export async function publishResults(actor: SessionUser, jam: Jam, now = Date.now()): Promise<JamDto> {
  await requireJamPermission(actor, jam.id, 'jam:publish-results');
  if (jam.results !== 'manual') throw conflict(RESULTS_AUTOMATIC_MESSAGE);
  if (!votingHasClosed(jam, now)) throw conflict(RESULTS_TOO_EARLY_MESSAGE);
  if (jam.resultsPublishedAt) return toJamDto(jam, { hideBody: false });
  const database = db();
  const unpublished = and(eq(jams.id, jam.id), isNull(jams.resultsPublishedAt));
  // The audit entry is written only by the request that publishes (two presses at once: one entry).
  const {
    jam: [stored],
  } = await batchNamed(database, {
    audit: auditStatement(
      database,
      actor,
      { action: 'jam.publish-results', jamId: jam.id },
      sql`exists (select 1 from ${jams} where ${unpublished})`,
    ),
    // The live `results` event (ADR 044), once: every open jam page reveals the winners.
    event: resultsStatement(database, jam, sql`exists (select 1 from ${jams} where ${unpublished})`),
    publish: database
      .update(jams)
      .set({ resultsPublishedAt: new Date(now) })
      .where(unpublished),
    // The jam as it is after the batch, whichever of two presses at once published.
    jam: database.select().from(jams).where(eq(jams.id, jam.id)),
  });
  announceChange({ kind: 'jam', jamId: jam.id });
  return toJamDto(stored ?? jam, { hideBody: false });
}
