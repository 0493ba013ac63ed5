/**
 * A jam's live events (ADR 044): the statements that write them, in the batch of the write they
 * describe, and the reads of a stream. Rows are append-only; their id is the stream's event id.
 */
import { type SQL, and, asc, desc, eq, gt, inArray, lt, max, sql } from 'drizzle-orm';
import { type Jam, type JamEvent, type JamEventKind, entries, jamEvents, jams } from '#db/schema';
import { votingEnd } from '#lib/jam-timing';
import { entriesAreHidden } from '#lib/entries-hidden';
import type { LivePhase } from '#lib/schemas/live';
import { type Database, db } from '#server/platform/db';

/** How long events are kept for a reconnecting client (`Last-Event-ID`). */
export const REPLAY_WINDOW_MS = 60 * 60_000;
/** The most events one replay sends; a client further behind gets the latest (and `reset`). */
export const REPLAY_LIMIT = 200;

type Executor = Pick<Database, 'run'>;

const counts = (jamId: number) =>
  sql`json_object('entries', (select ${jams.entryCount} from ${jams} where ${jams.id} = ${jamId}), 'participants', (select ${jams.participantCount} from ${jams} where ${jams.id} = ${jamId}))`;

/**
 * `entry-added` for the entry `submitterId` just submitted, as the last statement of the submit's
 * batch (the counts are read after the insert and the join). A jam that hides its entries (ADR 041)
 * gets the counts alone: the entry shows when submissions close, with the page.
 */
export function entryAddedStatement(executor: Executor, jam: Jam, submitterId: number, now = Date.now()) {
  const entry = entriesAreHidden(jam, now)
    ? sql`json('null')`
    : sql`json_object('id', e.id, 'scratchId', e.scratch_id, 'title', e.title, 'thumbnailUrl', e.thumbnail_url,
        'authorName', e.author_name, 'submittedAt', strftime('%Y-%m-%dT%H:%M:%fZ', e.submitted_at / 1000.0, 'unixepoch'))`;
  return executor.run(sql`insert or ignore into ${jamEvents} (jam_id, kind, key, user_id, data)
    select ${jam.id}, 'entry-added', 'added:' || e.id, ${submitterId}, json_object('entry', ${entry}, 'counts', json(${counts(jam.id)}))
    from ${entries} e where e.jam_id = ${jam.id} and e.submitter_id = ${submitterId}`);
}

/**
 * `entry-withdrawn`, placed before the delete of a removal's batch: written only when the entry is
 * still there and the removal's own condition holds, with the counts the delete leaves.
 */
export function entryWithdrawnStatement(executor: Executor, entry: { id: number; jamId: number }, onlyIf: SQL = sql`1`) {
  return executor.run(sql`insert or ignore into ${jamEvents} (jam_id, kind, key, data)
    select ${entry.jamId}, 'entry-withdrawn', ${`withdrawn:${entry.id}`}, json_object('entryId', ${entry.id},
      'counts', json_object('entries', j.entry_count - 1, 'participants', j.participant_count))
    from ${jams} j where j.id = ${entry.jamId} and exists (select 1 from ${entries} where id = ${entry.id}) and ${onlyIf}`);
}

/** `results`, once per jam however many servers or presses write it (its key). `onlyIf`: the publish's condition. */
export function resultsStatement(executor: Executor, jam: Pick<Jam, 'id' | 'slug'>, onlyIf: SQL = sql`1`) {
  return executor.run(sql`insert or ignore into ${jamEvents} (jam_id, kind, key, data)
    select ${jam.id}, 'results', 'results', json_object('slug', ${jam.slug}) where ${onlyIf}`);
}

type Window = Pick<Jam, 'id' | 'slug' | 'startsAt' | 'endsAt' | 'votingEndsAt' | 'results' | 'resultsPublishedAt'>;

/** The moments of a jam the clock reached in (from, to]: each a phase, and `results` with automatic results. */
export function momentsReached(jam: Window, from: number, to: number): { phases: LivePhase[]; results: boolean } {
  const moments: [LivePhase, number][] = [
    ['started', jam.startsAt.getTime()],
    ['submissions-closed', jam.endsAt.getTime()],
    ['voting-closed', votingEnd(jam)],
  ];
  // Without a voting period, submissions and voting close together: one event says both.
  const distinct = jam.votingEndsAt ? moments : moments.filter(([phase]) => phase !== 'submissions-closed');
  const phases = distinct.filter(([, at]) => at > from && at <= to).map(([phase]) => phase);
  const results = jam.results !== 'manual' && phases.includes('voting-closed');
  return { phases, results };
}

/**
 * Writes the phases the clock reached, lazily: by the first server that watches the jam at that
 * moment; the unique key makes the others' inserts nothing (one round trip, a batch).
 */
export async function writeMomentsReached(jam: Window, from: number, to: number): Promise<void> {
  const { phases, results } = momentsReached(jam, from, to);
  if (phases.length === 0) return;
  const database = db();
  const statements = phases.map((phase) =>
    database.run(sql`insert or ignore into ${jamEvents} (jam_id, kind, key, data)
      values (${jam.id}, 'phase', ${`phase:${phase}`}, json_object('phase', ${phase}))`),
  );
  if (results) statements.push(resultsStatement(database, jam));
  await database.batch(statements as [(typeof statements)[number], ...typeof statements]);
}

export interface StreamEvent {
  id: number;
  jamId: number;
  kind: JamEventKind;
  data: Record<string, unknown>;
}

const toStreamEvent = (row: Pick<JamEvent, 'id' | 'jamId' | 'kind' | 'data'>): StreamEvent => ({
  id: row.id,
  jamId: row.jamId,
  kind: row.kind,
  data: row.data,
});

const eventColumns = { id: jamEvents.id, jamId: jamEvents.jamId, kind: jamEvents.kind, data: jamEvents.data };

/**
 * Where a stream starts: after `lastEventId` (a reconnect), the jam's events it missed (the newest
 * `REPLAY_LIMIT` of them); a new stream starts after the newest event of all. `newest` is where the
 * hub reads on from. One round trip.
 */
export async function replayFrom(
  jamId: number,
  lastEventId: number | null,
): Promise<{ after: number; newest: number; events: StreamEvent[] }> {
  const database = db();
  const newest = database.select({ newest: max(jamEvents.id) }).from(jamEvents);
  if (lastEventId === null) {
    const [row] = await newest;
    return { after: row?.newest ?? 0, newest: row?.newest ?? 0, events: [] };
  }
  const [[row], rows] = await database.batch([
    newest,
    database
      .select(eventColumns)
      .from(jamEvents)
      .where(and(eq(jamEvents.jamId, jamId), gt(jamEvents.id, lastEventId)))
      .orderBy(desc(jamEvents.id))
      .limit(REPLAY_LIMIT),
  ]);
  const events = rows.reverse().map(toStreamEvent);
  return { after: lastEventId, newest: row?.newest ?? 0, events };
}

/** Every server's one read per tick: the events after `cursor` of the jams it watches, and their dates. */
export async function eventsSince(jamIds: number[], cursor: number, limit = 1000) {
  const database = db();
  const [rows, windows] = await database.batch([
    database
      .select(eventColumns)
      .from(jamEvents)
      .where(and(gt(jamEvents.id, cursor), inArray(jamEvents.jamId, jamIds)))
      .orderBy(asc(jamEvents.id))
      .limit(limit),
    database
      .select({
        id: jams.id,
        slug: jams.slug,
        startsAt: jams.startsAt,
        endsAt: jams.endsAt,
        votingEndsAt: jams.votingEndsAt,
        results: jams.results,
        resultsPublishedAt: jams.resultsPublishedAt,
      })
      .from(jams)
      .where(inArray(jams.id, jamIds)),
  ]);
  return { events: rows.map(toStreamEvent), windows };
}

/** Drops events older than the replay window (the hourly sweep; one indexed delete). */
export async function pruneJamEvents(now = Date.now()): Promise<void> {
  await db()
    .delete(jamEvents)
    .where(lt(jamEvents.createdAt, new Date(now - REPLAY_WINDOW_MS)));
}
