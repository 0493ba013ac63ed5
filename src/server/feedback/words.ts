/**
 * The administrators' words for the note filter (`blocked_words`), on top of the maintained list.
 * Every note posted needs them, so each isolate keeps them for WORDS_CACHE_MS; a change made in
 * this process takes effect at once, one made elsewhere (another server) within that time.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { blockedWords, users } from '#db/schema';
import type { FilterWordsDto } from '#lib/schemas/notes';
import { auditStatement } from '#server/activity/audit';
import { requireJamPermission } from '#server/auth/permissions';
import { notFound } from '#server/platform/errors';
import { type Database, db } from '#server/platform/db';
import { batchNamed } from '#server/platform/named';
import type { SessionUser } from '#server/auth/session';

export const WORDS_CACHE_MS = 60_000;

let cached: { words: readonly string[]; at: number } | null = null;

/** The words, from this isolate's copy while it is fresh. */
export async function adminWords(now = Date.now()): Promise<readonly string[]> {
  if (cached && now - cached.at < WORDS_CACHE_MS) return cached.words;
  const rows = await db().select({ word: blockedWords.word }).from(blockedWords).orderBy(asc(blockedWords.word));
  cached = { words: Object.freeze(rows.map((row) => row.word)), at: now };
  return cached.words;
}

const forget = () => {
  cached = null;
};

const listed = (database: Database) =>
  database
    .select({ word: blockedWords.word, addedBy: users.name, createdAt: blockedWords.createdAt })
    .from(blockedWords)
    .leftJoin(users, eq(users.id, blockedWords.addedBy))
    .orderBy(asc(blockedWords.word));

const toDto = (rows: Awaited<ReturnType<typeof listed>>): FilterWordsDto => ({
  words: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
});

export async function listWords(user: SessionUser): Promise<FilterWordsDto> {
  await requireJamPermission(user, null, 'filter:edit-words');
  return toDto(await listed(db()));
}

const isListed = (word: string) => sql`exists (select 1 from ${blockedWords} where ${blockedWords.word} = ${word})`;

/** Adds a word (already normalised by filterWordSchema); adding it again changes nothing and audits nothing. */
export async function addWord(user: SessionUser, word: string): Promise<FilterWordsDto> {
  await requireJamPermission(user, null, 'filter:edit-words');
  const database = db();
  const { words: rows } = await batchNamed(database, {
    audit: auditStatement(database, user, { action: 'filter.add-word', details: { word } }, sql`not ${isListed(word)}`),
    insert: database.insert(blockedWords).values({ word, addedBy: user.id }).onConflictDoNothing(),
    words: listed(database),
  });
  forget();
  return toDto(rows);
}

/** Removes a word: 404 when it is not in the list. */
export async function removeWord(user: SessionUser, word: string): Promise<void> {
  await requireJamPermission(user, null, 'filter:edit-words');
  const database = db();
  const { removed } = await batchNamed(database, {
    audit: auditStatement(database, user, { action: 'filter.remove-word', details: { word } }, isListed(word)),
    removed: database.delete(blockedWords).where(eq(blockedWords.word, word)).returning({ word: blockedWords.word }),
  });
  if (!removed.length) throw notFound('That word is not in the filter’s list.');
  forget();
}
