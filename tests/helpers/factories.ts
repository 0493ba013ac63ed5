import { entries, jamManagers, jamRequests, jams, notes, reports, votes, type Jam, type JamRequest } from '#db/schema';
import type { ReportReason } from '#lib/schemas/reports';
import type { JamStatus } from '#lib/jam-timing';
import type { TestDatabase } from './database';

type Db = TestDatabase['database'];
const HOUR = 3_600_000;
let sequence = 0;

export function timing(status: JamStatus, now = Date.now()) {
  if (status === 'upcoming') return { startsAt: new Date(now + 24 * HOUR), endsAt: new Date(now + 48 * HOUR) };
  if (status === 'ongoing') return { startsAt: new Date(now - 24 * HOUR), endsAt: new Date(now + 24 * HOUR) };
  return { startsAt: new Date(now - 48 * HOUR), endsAt: new Date(now - 24 * HOUR) };
}

export async function insertJam(
  db: Db,
  overrides: Partial<typeof jams.$inferInsert> & { status?: JamStatus } = {},
): Promise<Jam> {
  sequence += 1;
  const { status = 'ongoing', ...rest } = overrides;
  const [jam] = await db
    .insert(jams)
    .values({
      slug: `test-jam-${process.pid}-${sequence}`,
      name: `Test Jam ${sequence}`,
      description: `Description ${sequence}`,
      body: `Secret body ${sequence}`,
      ...timing(status),
      ...rest,
    })
    .returning();
  return jam!;
}

export async function insertManager(db: Db, jamId: number, userId: number) {
  await db.insert(jamManagers).values({ jamId, userId }).onConflictDoNothing();
}

export async function insertEntry(
  db: Db,
  jamId: number,
  submitterId: number,
  scratchId: number,
  extra: Partial<typeof entries.$inferInsert> = {},
) {
  const [entry] = await db
    .insert(entries)
    .values({ jamId, submitterId, scratchId, title: `Project ${scratchId}`, authorName: 'someone', ...extra })
    .returning();
  return entry!;
}

export async function insertVote(db: Db, jamId: number, entryId: number, voterId: number) {
  await db.insert(votes).values({ jamId, entryId, voterId });
}

/** A note on an entry (shown unless `extra` hides it). */
export async function insertNote(
  db: Db,
  entry: { id: number; jamId: number },
  authorId: number,
  text = 'What a fun game!',
  extra: Partial<typeof notes.$inferInsert> = {},
) {
  const [note] = await db
    .insert(notes)
    .values({ entryId: entry.id, jamId: entry.jamId, authorId, text, ...extra })
    .returning();
  return note!;
}

/** An open report about an entry (or, with `entryId` null, about the jam). */
export async function insertReport(
  db: Db,
  reporterId: number,
  target: { jamId: number; entryId: number | null },
  reason: ReportReason = 'inappropriate',
  text = '',
) {
  const [row] = await db
    .insert(reports)
    .values({ reporterId, ...target, reason, text })
    .returning();
  return row!;
}

/** A jam request of `requesterId` (pending unless `extra` says otherwise), upcoming dates. */
export async function insertJamRequest(
  db: Db,
  requesterId: number,
  extra: Partial<typeof jamRequests.$inferInsert> = {},
): Promise<JamRequest> {
  sequence += 1;
  const [request] = await db
    .insert(jamRequests)
    .values({
      requesterId,
      name: `Requested Jam ${sequence}`,
      description: `Requested description ${sequence}`,
      body: `Requested body ${sequence}`,
      note: `Note ${sequence}`,
      ...timing('upcoming'),
      ...extra,
    })
    .returning();
  return request!;
}
