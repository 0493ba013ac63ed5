/**
 * Deleting an account (issue 41 §3, spec §2 "delete a user and their data"): every table of
 * db/schema.ts is classified, so a new table fails here until someone decides what happens to it.
 * After the person deletes their account, no row anywhere names them — not by id in a column that
 * points at users, not by their name in any text — and what others made stays, without them.
 */
import { getTableName, is } from 'drizzle-orm';
import { SQLiteTable, getTableConfig } from 'drizzle-orm/sqlite-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '#db/schema';
import { type Environment, startEnvironment } from '../helpers/environment';
import { type Footprint, leaveFootprint } from '../helpers/footprint';

/**
 * What deleting an account does to each table. `gone`: the person's rows are deleted. `kept`: rows
 * others own stay, with the person's id cleared and their name taken out. `unrelated`: holds nothing
 * about a person.
 */
const TABLES: Record<string, 'gone' | 'kept' | 'unrelated' | 'gone and kept'> = {
  users: 'gone and kept', // their row goes; others' `updated_by` loses them
  sessions: 'gone',
  login_tokens: 'gone',
  used_auth_codes: 'unrelated', // hashes of spent provider codes, linked to nobody; swept after a day
  jams: 'kept', // jams they created or edited stay (created_by, updated_by cleared)
  jam_count: 'unrelated',
  jam_slug_redirects: 'unrelated',
  jam_managers: 'gone and kept', // their roles go; managers they added stay
  jam_participants: 'gone',
  entries: 'gone and kept', // their entries go; entries they reviewed stay
  entry_credits: 'gone and kept', // their credits go; people they invited stay invited
  plays: 'gone',
  votes: 'gone',
  ratings: 'gone',
  late_submissions: 'gone and kept', // their windows go; windows they opened for others stay
  jam_judges: 'gone and kept', // their seats and invitations go; judges they invited stay
  judge_feedback: 'gone', // the feedback they wrote goes (feedback on their entries goes with the entries)
  theme_suggestions: 'gone and kept', // their texts go (issue 53): a theme only they suggested goes, one others suggested too stays as its key
  guard_outcomes: 'unrelated', // what the guard held or refused: rule, field and time, never who or what
  theme_suggesters: 'gone',
  theme_answers: 'gone', // their round-1 answers go (the triggers take them out of the counts)
  theme_final_votes: 'gone',
  kudos: 'gone',
  notes: 'gone and kept', // their notes go; notes they hid stay hidden
  note_refusals: 'gone',
  held_texts: 'gone', // what the guard held for a moderator goes with its writer (author_id cascades)
  blocked_words: 'kept', // words they added to the filter stay
  notifications: 'gone and kept', // theirs go; others' about what they did stay, without who
  jam_requests: 'gone and kept', // theirs go; requests they answered stay
  audit_log: 'kept', // what happened stays, not who it was (docs/decisions/036)
  reports: 'gone and kept', // reports they made go; reports they handled stay
  rate_limit_buckets: 'gone', // the counts kept under their id
  idempotency_keys: 'gone', // their keys and the answers kept for them (ADR 047)
  jam_events: 'gone', // live events about their entries go with them (user_id cascades); the rest name no one
  page_changes: 'unrelated', // which pages changed (a jam, an entry), passed between servers (ADR 056); names no one
  jam_versions: 'gone and kept', // their entries' jam versions go (ADR 050); ones they uploaded to others' entries stay, without who
  stored_files: 'unrelated', // files by SHA-256, naming no one; their entries' files are removed right after (ADR 050)
};

const tables: SQLiteTable[] = Object.values(schema as Record<string, unknown>).filter((value): value is SQLiteTable =>
  is(value, SQLiteTable),
);

/** The columns of a table that point at users.id. */
const userColumns = (table: SQLiteTable) =>
  getTableConfig(table)
    .foreignKeys.map((key) => key.reference())
    .filter((reference) => getTableName(reference.foreignTable) === 'users')
    .flatMap((reference) => reference.columns.map((column) => column.name));

let env: Environment;
let footprint: Footprint;

beforeAll(async () => {
  env = await startEnvironment();
  footprint = await leaveFootprint(env, 'forget_me_kid', 'remember_other');
});
afterAll(() => env?.close());

const rowsOf = async (name: string) => (await env.db.$client.execute(`select * from "${name}"`)).rows;

describe('deleting one’s own account', () => {
  it('classifies every table of the schema, and only those', () => {
    expect(tables.map((table) => getTableName(table)).sort()).toEqual(Object.keys(TABLES).sort());
  });

  it('the check sees a column that points at users, and a person in every table they can be in', async () => {
    expect(userColumns(schema.auditLog).sort()).toEqual(['actor_id', 'target_user_id']);
    const named = await Promise.all(tables.map(async (table) => [getTableName(table), await mentions(table)] as const));
    const inTables = named.filter(([, found]) => found.length > 0).map(([name]) => name);
    // Before: the footprint reaches every table that can hold something about a person.
    const personal = Object.entries(TABLES)
      .filter(([, fate]) => fate !== 'unrelated')
      .map(([name]) => name);
    expect(inTables.sort()).toEqual(personal.sort());
  });

  it('leaves no row that names the person, and keeps what others made', async () => {
    const { person } = footprint;
    const reply = await env.request('/api/me', { method: 'DELETE', body: { name: person.name }, as: person });
    expect(reply.status).toBe(204);

    const leftovers = (await Promise.all(tables.map(async (table) => mentions(table)))).flat();
    expect(leftovers).toEqual([]);

    // Still there: others' rows that named them.
    const has = async (name: string, where: (row: Record<string, unknown>) => boolean) => (await rowsOf(name)).some(where);
    expect(await has('users', (row) => row.name === 'remember_other' && row.updated_by === null)).toBe(true);
    expect(await has('jams', (row) => row.id === footprint.kept.jamId && row.created_by === null)).toBe(true);
    expect(await has('entries', (row) => row.id === footprint.kept.bystanderEntryId && row.reviewed_by === null)).toBe(true);
    expect(await has('notifications', (row) => row.id === footprint.kept.bystanderNotificationId && row.actor_id === null)).toBe(
      true,
    );
    expect(await has('blocked_words', (row) => row.word === footprint.kept.word && row.added_by === null)).toBe(true);
    expect(
      await has('notes', (row) => row.text === 'Hidden by the person' && row.hidden_by === null && row.hidden_at !== null),
    ).toBe(true);
    expect(await has('rate_limit_buckets', (row) => row.key === `votes:user:${footprint.bystander.id}`)).toBe(true);
    expect(await has('idempotency_keys', (row) => row.owner === `user:${footprint.bystander.id}`)).toBe(true);
    // Their theme suggestions' texts go (issue 53): the theme only they suggested is gone, the one the
    // bystander suggested too stays as its key under the bystander, the one they suggested second keeps its first suggester.
    expect(await has('theme_suggestions', (row) => row.text === 'Footprints')).toBe(false);
    expect(
      await has(
        'theme_suggestions',
        (row) => row.key === 'shadow' && row.text === 'shadow' && row.suggested_by === footprint.bystander.id,
      ),
    ).toBe(true);
    expect(await has('theme_suggestions', (row) => String(row.text).includes('forget_me'))).toBe(false);
    expect(await has('theme_suggestions', (row) => row.text === 'Echoes' && row.suggested_by === footprint.bystander.id)).toBe(
      true,
    );
    expect((await rowsOf('theme_suggesters')).map((row) => row.user_id)).toEqual([
      footprint.bystander.id,
      footprint.bystander.id,
    ]);
    const audit = await rowsOf('audit_log');
    for (const id of footprint.kept.auditIds) expect(audit.some((row) => row.id === id)).toBe(true);
    // The deletion itself is on record: what went, not who.
    expect(audit.at(-1)).toMatchObject({ action: 'user.delete-self', actor_id: null, actor_name: null, target_user_id: null });
    expect(JSON.parse(String(audit.at(-1)!.details))).toEqual({ entries: 1, votes: 1 });
    expect((await env.request('/api/auth/me', { as: person })).status).toBe(401);
  });
});

describe('an administrator deleting someone’s account', () => {
  it('leaves no row that names them either', async () => {
    const admin = await env.login('removal_admin', { isAdmin: true });
    const second = await leaveFootprint(env, 'forget_me_too', 'remember_too');
    const reply = await env.request(`/api/users/${second.person.id}`, { method: 'DELETE', as: admin });
    expect(reply.status).toBe(204);
    const leftovers = (await Promise.all(tables.map(async (table) => mentions(table, second.person)))).flat();
    expect(leftovers).toEqual([]);
    const audit = await rowsOf('audit_log');
    expect(audit.at(-1)).toMatchObject({ action: 'user.delete', actor_name: 'removal_admin', target_user_id: null });
  });
});

/** Where a table names the person: their id in a column that points at users, their name or per-user key in any text. */
async function mentions(table: SQLiteTable, person = footprint.person): Promise<string[]> {
  const name = getTableName(table);
  const columns = userColumns(table);
  const idColumn = name === 'users' ? ['id'] : [];
  return (await rowsOf(name)).flatMap((row) => {
    const found: string[] = [];
    for (const column of [...idColumn, ...columns]) if (row[column] === person.id) found.push(`${name}.${column}`);
    const text = JSON.stringify(row).toLowerCase();
    if (text.includes(person.name.toLowerCase())) found.push(`${name}: the name in ${text.slice(0, 200)}`);
    if (name === 'rate_limit_buckets' && String(row.key).endsWith(`:user:${person.id}`)) found.push(`${name}.key ${row.key}`);
    if (name === 'idempotency_keys' && row.owner === `user:${person.id}`) found.push(`${name}.owner ${row.owner}`);
    return found;
  });
}
