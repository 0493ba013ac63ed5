/**
 * The moderation queue: open reports grouped per item (a jam, an entry, or a note on an entry),
 * most reported first, paged in the database. Administrators see every item and who reported it;
 * managers see the entries of the jams they manage and the notes on them, without reporters.
 * Nobody sees who reported their own entry or note.
 */
import { type SQL, sql } from 'drizzle-orm';
import {
  REPORTS_PER_PAGE,
  type ReportQueueDto,
  type ReportReason,
  type ReportedItemDto,
  type ItemKey,
} from '#lib/schemas/reports';
import { db } from '#server/platform/db';
import type { SessionUser } from '#server/auth/session';
import { can, managedJamIds, moderationScope } from '#server/auth/permissions';
import { keptPage, onKeptPage } from '#server/platform/sql-pages';
import { heldNotesFor } from '#server/feedback/held-notes';
import { refused } from '#server/auth/refusals';
import { heldTextsFor } from '#server/feedback/held-texts';

/** The reports shown per item; the count says how many there are in all. */
const REPORTS_SHOWN = 20;

/**
 * Reports r in the scope of the user's moderation: every one (administrators), or the entries and
 * notes of the jams they manage, named by a subquery so the queue is read beside the scope itself.
 */
const inScope = async (user: SessionUser): Promise<SQL> =>
  (await can(user, 'report:moderate-all', null)) ? sql`1` : sql`r.entry_id is not null and r.jam_id in ${managedJamIds(user)}`;

export const itemKey = (jamId: number, entryId: number | null, noteId: number | null = null) =>
  noteId !== null ? `note-${noteId}` : entryId === null ? `jam-${jamId}` : `entry-${entryId}`;
/** The SQL condition "report r is about this item" (a note's reports also name its entry: they are not the entry's). */
export const aboutItem = (item: ItemKey): SQL =>
  item.kind === 'jam'
    ? sql`r.entry_id is null and r.jam_id = ${item.id}`
    : item.kind === 'entry'
      ? sql`r.entry_id = ${item.id} and r.note_id is null`
      : sql`r.note_id = ${item.id}`;

interface GroupRow {
  jam_id: number;
  entry_id: number | null;
  note_id: number | null;
  n: number;
  first_at: number;
  last_at: number;
  total: number;
}

/** The queue for the API: a 403 for people who moderate nothing. */
export async function reportQueue(user: SessionUser, page = 1): Promise<ReportQueueDto> {
  const [scope, queue, held, heldTexts] = await Promise.all([
    moderationScope(user),
    readQueue(user, page),
    heldNotesFor(user, user.isAdmin ? 'all' : { jamIds: [] }),
    heldTextsFor(user),
  ]);
  if (!scope) throw refused('moderation');
  return { ...queue, held, heldTexts, canBan: scope === 'all' };
}

/** The queue for the dashboard: null for people who moderate nothing. */
export async function reportQueueFor(user: SessionUser, page = 1): Promise<ReportQueueDto | null> {
  const [scope, queue, held, heldTexts] = await Promise.all([
    moderationScope(user),
    readQueue(user, page),
    heldNotesFor(user, user.isAdmin ? 'all' : { jamIds: [] }),
    heldTextsFor(user),
  ]);
  return scope ? { ...queue, held, heldTexts, canBan: scope === 'all' } : null;
}

/**
 * One page of the queue, most reported items first, and what is said about them, in one round trip:
 * the page's items are named by a subquery (numbered and counted in one statement, the page kept
 * within the pages), which the descriptions read too. Read beside the user's scope, whose answer
 * decides whether it is shown.
 */
async function readQueue(
  user: SessionUser,
  requestedPage: number,
): Promise<Omit<ReportQueueDto, 'canBan' | 'held' | 'heldTexts'>> {
  const where = sql`r.status = 'open' and ${await inScope(user)}`;
  const pageGroups = sql`(
    select jam_id, entry_id, note_id, n, first_at, last_at, total, nth from (
      select r.jam_id, r.entry_id, r.note_id, count(*) as n, min(r.created_at) as first_at, max(r.created_at) as last_at,
        count(*) over () as total,
        row_number() over (order by count(*) desc, max(r.created_at) desc, r.jam_id, r.entry_id, r.note_id) as nth
      from reports r where ${where}
      group by r.jam_id, r.entry_id, r.note_id)
    where ${onKeptPage(sql`nth`, sql`total`, requestedPage, REPORTS_PER_PAGE)})`;
  const [groups, described] = await Promise.all([
    db().all<GroupRow>(sql`select jam_id, entry_id, note_id, n, first_at, last_at, total from ${pageGroups} order by nth`),
    describeItems(
      sql`r.status = 'open' and (r.jam_id, coalesce(r.entry_id, 0), coalesce(r.note_id, 0)) in (select jam_id, coalesce(entry_id, 0), coalesce(note_id, 0) from ${pageGroups})`,
    ),
  ]);
  const total = groups[0]?.total ?? 0;
  const { page, totalPages } = keptPage(requestedPage, total, REPORTS_PER_PAGE);
  const items = await describe(user, groups, described);
  return { items, page, perPage: REPORTS_PER_PAGE, total, totalPages };
}

interface ItemRow {
  jam_id: number;
  entry_id: number | null;
  note_id: number | null;
  slug: string;
  name: string;
  title: string | null;
  scratch_id: number | null;
  author_id: number | null;
  author_name: string | null;
  note_text: string | null;
  note_author_id: number | null;
  note_author_name: string | null;
  note_hidden_at: number | null;
  note_created_at: number | null;
}
interface ReasonRow {
  jam_id: number;
  entry_id: number | null;
  note_id: number | null;
  reason: ReportReason;
  n: number;
}
interface ReportRow {
  jam_id: number;
  entry_id: number | null;
  note_id: number | null;
  reason: ReportReason;
  text: string;
  created_at: number;
  reporter_id: number;
  reporter_name: string;
}

interface Described {
  itemRows: ItemRow[];
  reasonRows: ReasonRow[];
  reportRows: ReportRow[];
}

/** What is said about the items whose reports match `onPage`: the item itself, its reasons, its newest reports. */
async function describeItems(onPage: SQL): Promise<Described> {
  const database = db();
  const [itemRows, reasonRows, reportRows] = await Promise.all([
    database.all<ItemRow>(sql`
      select distinct r.jam_id, r.entry_id, r.note_id, j.slug, j.name, e.title, e.scratch_id, u.id as author_id, u.name as author_name,
        n.text as note_text, nu.id as note_author_id, nu.name as note_author_name, n.hidden_at as note_hidden_at,
        n.created_at as note_created_at
      from reports r join jams j on j.id = r.jam_id
      left join entries e on e.id = r.entry_id left join users u on u.id = e.submitter_id
      left join notes n on n.id = r.note_id left join users nu on nu.id = n.author_id
      where ${onPage}`),
    database.all<ReasonRow>(sql`
      select r.jam_id, r.entry_id, r.note_id, r.reason, count(*) as n from reports r where ${onPage}
      group by r.jam_id, r.entry_id, r.note_id, r.reason order by n desc, r.reason`),
    database.all<ReportRow>(sql`
      select jam_id, entry_id, note_id, reason, text, created_at, reporter_id, reporter_name from (
        select r.jam_id, r.entry_id, r.note_id, r.reason, r.text, r.created_at, r.id, u.id as reporter_id, u.name as reporter_name,
          row_number() over (partition by r.jam_id, r.entry_id, r.note_id order by r.created_at desc, r.id desc) as nth
        from reports r join users u on u.id = r.reporter_id where ${onPage}
      ) where nth <= ${REPORTS_SHOWN} order by created_at desc, id desc`),
  ]);
  return { itemRows, reasonRows, reportRows };
}

async function describe(user: SessionUser, groups: GroupRow[], described: Described): Promise<ReportedItemDto[]> {
  const { itemRows, reasonRows, reportRows } = described;
  const keyOf = (row: { jam_id: number; entry_id: number | null; note_id: number | null }) =>
    itemKey(row.jam_id, row.entry_id, row.note_id);
  const items = new Map(itemRows.map((row) => [keyOf(row), row]));
  // The person an item belongs to: the note's writer, or the entry's submitter (a jam item has none).
  const ownerOf = (group: GroupRow) => {
    const item = items.get(keyOf(group))!;
    return group.note_id !== null ? item.note_author_id : item.author_id;
  };
  const seesReporters = await Promise.all(groups.map((group) => can(user, 'report:see-reporters', { ownerId: ownerOf(group) })));
  return groups.map((group, index) => {
    const key = keyOf(group);
    const item = items.get(key)!;
    const showReporters = seesReporters[index]!;
    return {
      key,
      kind: group.note_id !== null ? 'note' : group.entry_id === null ? 'jam' : 'entry',
      jam: { id: item.jam_id, slug: item.slug, name: item.name },
      entry:
        group.entry_id === null
          ? null
          : {
              id: group.entry_id,
              title: item.title ?? '',
              scratchId: item.scratch_id ?? 0,
              author: { id: item.author_id ?? 0, name: item.author_name ?? '' },
            },
      note:
        group.note_id === null
          ? null
          : {
              id: group.note_id,
              text: item.note_text ?? '',
              author: { id: item.note_author_id ?? 0, name: item.note_author_name ?? '' },
              hidden: item.note_hidden_at !== null,
              createdAt: new Date(item.note_created_at ?? 0).toISOString(),
            },
      count: group.n,
      reasons: reasonRows.filter((row) => keyOf(row) === key).map((row) => ({ reason: row.reason, count: row.n })),
      reports: reportRows
        .filter((row) => keyOf(row) === key)
        .map((row) => ({
          reason: row.reason,
          text: row.text,
          createdAt: new Date(row.created_at).toISOString(),
          reporter: showReporters ? { id: row.reporter_id, name: row.reporter_name } : null,
        })),
      firstReportedAt: new Date(group.first_at).toISOString(),
      lastReportedAt: new Date(group.last_at).toISOString(),
    };
  });
}
