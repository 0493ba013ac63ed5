/**
 * Texts the guard held outside notes (issue 53 §2): a theme suggestion, an entry's text answer, a
 * manager's jam description or body. The write keeps everything else and puts the held text in
 * held_texts instead of where it would show, so nobody but its writer (who sees it "waiting for a
 * moderator") and the moderators reads it. Managers of the jam and administrators approve or refuse
 * it in the moderation queue (a jam's own texts only administrators: its managers wrote them);
 * approving applies it where it belongs, refusing deletes it; both are audited, and the
 * moderators are told in their inbox as of a held note.
 */
import { type SQL, and, asc, eq, sql } from 'drizzle-orm';
import { type HeldTextTarget, type Jam, entries, guardOutcomes, heldTexts, jamManagers, jams, users } from '#db/schema';
import type { MyDataDto } from '#lib/schemas/my-data';
import type { HeldTextDto } from '#lib/schemas/reports';
import { auditStatement } from '#server/activity/audit';
import { can, managedJamIds } from '#server/auth/permissions';
import type { SessionUser } from '#server/auth/session';
import { announceChange } from '#server/cache/changes';
import { refused } from '#server/auth/refusals';
import { notFound } from '#server/platform/errors';
import { suggestStatements } from '#server/themes/theme-rounds';
import { type Database, db } from '#server/platform/db';
import type { HeldVerdict } from './guard/guard-texts';

export const HELD_TEXT_GONE_MESSAGE = 'That text is not waiting for a moderator (any more).';

/** Where one held text goes when approved. */
export interface HeldPlace {
  target: HeldTextTarget;
  /** The entry, for an answer (SQL: the entry the same batch makes). */
  targetId?: number | SQL<number> | null;
  /** The question's id (an answer) or the jam's field (`description`, `body`). */
  path?: string;
}

/**
 * The statements that keep held texts (with the hold counted for the dashboard and the moderators
 * told), for the batch of the write that held them. None when nothing was held.
 */
export function holdStatements(
  database: Database,
  user: SessionUser,
  jam: Pick<Jam, 'id'>,
  held: readonly (HeldVerdict & HeldPlace)[],
) {
  return held.flatMap((one) => {
    const key = sql`'held-text:' || (select max(${heldTexts.id}) from ${heldTexts} where ${heldTexts.authorId} = ${user.id})`;
    return [
      database.insert(heldTexts).values({
        jamId: jam.id,
        authorId: user.id,
        field: one.guarded,
        target: one.target,
        targetId: one.targetId ?? null,
        path: one.path ?? '',
        text: one.text,
        rule: one.rule,
      }),
      database.insert(guardOutcomes).values({ field: one.guarded, rule: one.rule, outcome: 'hold' }),
      // The administrators, and the jam's managers unless the text is the jam's own (its managers wrote it).
      database.run(sql`insert into notifications (user_id, kind, key, jam_id, data)
        select m.user_id, 'report', ${key}, ${jam.id}, json_object('item', 'text', 'held', json('true'), 'target', ${one.target}, 'queue', m.queue)
        from (select ${users.id} as user_id, 'admin' as queue from ${users} where ${users.isAdmin} = 1 and ${users.isBanned} = 0
          union all select ${jamManagers.userId}, 'jam' from ${jamManagers} where ${jamManagers.jamId} = ${jam.id} and ${one.target !== 'jam'}
            and ${jamManagers.userId} not in (select ${users.id} from ${users} where ${users.isAdmin} = 1 and ${users.isBanned} = 0)) m
        where m.user_id <> ${user.id}
        on conflict do nothing`),
    ];
  });
}

/**
 * A new text for a place supersedes what waits there: the statements (for the batch that saves it,
 * before its own holds) that delete the held texts of those answers or jam fields, and the
 * moderators' inbox items about them, so approving an older one can never overwrite it.
 */
export function supersededStatements(
  database: Database,
  jamId: number,
  target: Exclude<HeldTextTarget, 'theme'>,
  targetId: number | null,
  paths: readonly string[],
) {
  if (paths.length === 0) return [];
  const waiting = sql`${heldTexts.jamId} = ${jamId} and ${heldTexts.target} = ${target}
    and ${targetId === null ? sql`${heldTexts.targetId} is null` : sql`${heldTexts.targetId} = ${targetId}`}
    and ${heldTexts.path} in (${sql.join(
      paths.map((path) => sql`${path}`),
      sql`, `,
    )})`;
  return [
    database.run(
      sql`delete from notifications where key in (select 'held-text:' || ${heldTexts.id} from ${heldTexts} where ${waiting})`,
    ),
    database.delete(heldTexts).where(waiting),
  ];
}

/**
 * A manager's jam update: the description or body it sends supersedes the one that waited, and
 * the ones the guard held wait for an administrator (statements for the update's batch).
 */
export function jamTextHolds(
  database: Database,
  user: SessionUser,
  jam: Pick<Jam, 'id'>,
  input: { description?: string; body?: string },
  held: readonly HeldVerdict[],
) {
  const sent = (['description', 'body'] as const).filter((field) => input[field] !== undefined);
  return [
    ...supersededStatements(database, jam.id, 'jam', null, sent),
    ...holdStatements(
      database,
      user,
      jam,
      held.map((one) => ({ ...one, target: 'jam' as const, path: one.field })),
    ),
  ];
}

/** A manager's jam update answers which of its texts wait for an administrator (nothing when none). */
export const heldFields = (held: readonly HeldVerdict[]): { waiting?: ('description' | 'body')[] } =>
  held.length ? { waiting: held.map((one) => one.field as 'description' | 'body') } : {};

/** The writer's own texts of a jam that wait for a moderator (for one target, optionally one entry): a query, for a batch or awaited. */
export function myHeldTexts(userId: number, jamId: number, target: HeldTextTarget, targetId: number | null = null) {
  return db()
    .select({ id: heldTexts.id, path: heldTexts.path, text: heldTexts.text })
    .from(heldTexts)
    .where(
      and(
        eq(heldTexts.authorId, userId),
        eq(heldTexts.jamId, jamId),
        eq(heldTexts.target, target),
        targetId === null ? undefined : eq(heldTexts.targetId, targetId),
      ),
    )
    .orderBy(heldTexts.id);
}

/**
 * The held texts a moderator may decide on (every one for administrators; for managers their
 * jams' but the jams' own texts), oldest first. The queue around it answers only moderators.
 */
export async function heldTextsFor(user: SessionUser): Promise<HeldTextDto[]> {
  const all = await can(user, 'site:administer', null);
  const rows = await db()
    .select({
      id: heldTexts.id,
      text: heldTexts.text,
      rule: heldTexts.rule,
      target: heldTexts.target,
      path: heldTexts.path,
      heldAt: heldTexts.heldAt,
      slug: jams.slug,
      jamName: jams.name,
      authorId: users.id,
      authorName: users.name,
    })
    .from(heldTexts)
    .innerJoin(jams, eq(jams.id, heldTexts.jamId))
    .innerJoin(users, eq(users.id, heldTexts.authorId))
    .where(all ? undefined : sql`${heldTexts.target} <> 'jam' and ${heldTexts.jamId} in ${managedJamIds(user)}`)
    .orderBy(heldTexts.heldAt)
    .limit(100);
  return rows.map((row) => ({
    id: row.id,
    text: row.text,
    rule: row.rule,
    target: row.target,
    path: row.path,
    heldAt: row.heldAt.toISOString(),
    jam: { slug: row.slug, name: row.jamName },
    author: { id: row.authorId, name: row.authorName },
  }));
}

/** Where an approved text goes: one statement, written only while the text is still held (`stillHeld`). */
function applyStatement(database: Database, row: typeof heldTexts.$inferSelect, stillHeld: ReturnType<typeof sql>) {
  switch (row.target) {
    case 'theme':
      // As a suggestion made now (the moderator decides, whatever the round).
      return [...suggestStatements(database, row.jamId, row.authorId, row.text, stillHeld)];
    case 'answer':
      return [
        database.run(sql`update ${entries} set answers = json_set(coalesce(answers, '{}'), ${`$."${row.path}"`}, ${row.text})
          where ${entries.id} = ${row.targetId} and ${entries.jamId} = ${row.jamId} and ${stillHeld}`),
      ];
    case 'jam':
      return [
        row.path === 'body'
          ? database.run(sql`update ${jams} set body = ${row.text} where ${jams.id} = ${row.jamId} and ${stillHeld}`)
          : database.run(sql`update ${jams} set description = ${row.text} where ${jams.id} = ${row.jamId} and ${stillHeld}`),
      ];
  }
}

/**
 * A moderator approves a held text (applied where it belongs: the theme suggested, the answer or
 * the jam's text saved) or refuses it (deleted). Audited `text.approve` / `text.refuse`; the
 * moderators' inbox items about it are done. One that is no longer held (another moderator decided
 * first, even a moment before) answers 404.
 */
export async function reviewHeldText(
  user: SessionUser,
  jam: Jam,
  id: number,
  decision: 'approve' | 'refuse',
): Promise<{ id: number; decision: 'approve' | 'refuse' }> {
  const database = db();
  const [[row], administers, moderates] = await Promise.all([
    database
      .select()
      .from(heldTexts)
      .where(and(eq(heldTexts.id, id), eq(heldTexts.jamId, jam.id))),
    can(user, 'site:administer', null),
    can(user, 'jam:hide-notes', { jamId: jam.id }),
  ]);
  // A jam's own texts were written by its managers: administrators decide on them.
  if (!(administers || (moderates && row?.target !== 'jam'))) throw refused('held-text:review');
  if (!row) throw notFound(HELD_TEXT_GONE_MESSAGE);
  const stillHeld = sql`exists (select 1 from ${heldTexts} where ${heldTexts.id} = ${row.id})`;
  const results = (await database.batch([
    auditStatement(
      database,
      user,
      {
        action: decision === 'approve' ? 'text.approve' : 'text.refuse',
        jamId: jam.id,
        targetUserId: row.authorId,
        details: { heldTextId: row.id, target: row.target, path: row.path, text: row.text, rule: row.rule },
      },
      stillHeld,
    ),
    ...(decision === 'approve' ? applyStatement(database, row, stillHeld) : []),
    database.delete(heldTexts).where(eq(heldTexts.id, row.id)).returning({ id: heldTexts.id }),
    database.run(sql`delete from notifications where key = ${`held-text:${row.id}`}`),
  ] as never)) as unknown[];
  const deleted = results.at(-2) as { id: number }[];
  if (deleted.length === 0) throw notFound(HELD_TEXT_GONE_MESSAGE);
  if (decision === 'approve' && row.target !== 'theme') announceChange({ kind: 'jam', jamId: jam.id });
  return { id: row.id, decision };
}

/** The person's own texts waiting for a moderator, for "Download my data". */
export async function heldTextsOf(userId: number): Promise<MyDataDto['heldTexts']> {
  const rows = await db()
    .select({ jam: { slug: jams.slug, name: jams.name }, kind: heldTexts.target, text: heldTexts.text, heldAt: heldTexts.heldAt })
    .from(heldTexts)
    .innerJoin(jams, eq(jams.id, heldTexts.jamId))
    .where(eq(heldTexts.authorId, userId))
    .orderBy(asc(heldTexts.heldAt), asc(heldTexts.id));
  return rows.map((row) => ({ ...row, heldAt: row.heldAt.toISOString() }));
}
