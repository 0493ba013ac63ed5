/**
 * Theme suggestions (ADR 043): up to 3 per person through the kid-safe filter, one row per theme
 * however it is spelt (`themeKey`), hidden from the public; managers remove and merge them.
 */
import { type SQLWrapper, and, asc, eq, gt, sql } from 'drizzle-orm';
import { type Jam, heldTexts, themeAnswers, themeSuggesters, themeSuggestions, users } from '#db/schema';
import { THEME_SUGGESTIONS_PER_PERSON, themeKey, themePhase } from '#lib/themes';
import type { MyThemeDto, ThemeSuggestionDto } from '#lib/schemas/themes';
import { requireJamPermission } from '#server/auth/permissions';
import type { SessionUser } from '#server/auth/session';
import { adminWords } from '#server/feedback/words';
import { guardTexts } from '#server/feedback/guard/guard-texts';
import { holdStatements } from '#server/feedback/held-texts';
import { type AppError, badRequest, conflict, notFound } from '#server/platform/errors';
import { db } from '#server/platform/db';
import { batchNamed } from '#server/platform/named';
import { myThemeQueries, takesPart, toMyTheme } from './theme-mine';
import {
  PHASE_REFUSALS,
  mayTakePart,
  notEligible,
  phaseCondition,
  refreshLeader,
  requireThemePhase,
  suggestStatements,
} from './theme-rounds';

export const SUGGESTION_LIMIT_MESSAGE = `You have suggested ${THEME_SUGGESTIONS_PER_PERSON} themes already: that is the most anyone may.`;
export const NO_SUGGESTION_MESSAGE = 'That theme suggestion does not exist (it may have been removed or merged).';
export const MERGE_ITSELF_MESSAGE = 'A suggestion cannot be merged into itself.';
export const SUGGESTIONS_PER_PAGE = 50;

const suggesterCount = (suggestionId: SQLWrapper) =>
  sql<number>`(select count(*) from ${themeSuggesters} where ${themeSuggesters.suggestionId} = ${suggestionId})`;

/**
 * Suggests a theme. The same theme however spelt is one suggestion (the first spelling and its
 * author stay); suggesting one you already did changes nothing. The window, "Who can vote" and the
 * limit of 3 are checked by the two statements themselves, in one transaction.
 */
export async function suggestTheme(user: SessionUser, jam: Jam, text: string): Promise<MyThemeDto> {
  requireThemePhase(jam, 'suggesting');
  const key = themeKey(text);
  if (!key) throw badRequest('A theme needs at least one letter or digit.');
  const held = await guardTexts([{ field: 'text', guarded: 'themeTextSchema.text', text }], await adminWords(), user);
  const database = db();
  // The person's suggestions, those waiting for a moderator included: three at most.
  const used = sql`((select count(*) from ${themeSuggesters} where ${themeSuggesters.jamId} = ${jam.id} and ${themeSuggesters.userId} = ${user.id})
    + (select count(*) from ${heldTexts} where ${heldTexts.jamId} = ${jam.id} and ${heldTexts.authorId} = ${user.id} and ${heldTexts.target} = 'theme'))`;
  if (held.length) {
    // Held for a moderator: kept out of the suggestions (round 1 shows them to every voter) until
    // approved, and counted toward the person's three with those, so the queue takes no more.
    const [{ n }] = (await database.all(sql`select ${used} as n`)) as [{ n: number }];
    if (n >= THEME_SUGGESTIONS_PER_PERSON) throw conflict(SUGGESTION_LIMIT_MESSAGE);
    // One text, one field: its three statements (the held text, the rule's count, the moderators told).
    const [heldText, outcome, told] = holdStatements(
      database,
      user,
      jam,
      held.map((one) => ({ ...one, target: 'theme' as const })),
    );
    return toMyTheme(jam, await batchNamed(database, { heldText, outcome, told, ...myThemeQueries(user, jam) }));
  }
  const allowed = sql`${phaseCondition(jam.id, 'suggesting')} and ${mayTakePart(jam, user.id)}
    and ${used} < ${THEME_SUGGESTIONS_PER_PERSON}`;
  const [suggestion, adding, leader] = suggestStatements(database, jam.id, user.id, text, allowed);
  const { added, ...rows } = await batchNamed(database, {
    suggestion,
    added: adding,
    leader,
    ...myThemeQueries(user, jam),
  });
  const state = toMyTheme(jam, rows);
  if (added.rowsAffected === 0 && !state.suggestions.some((row) => themeKey(row.text) === key)) {
    throw await suggestionRefusal(jam, user.id);
  }
  return state;
}

/** Why the statements wrote nothing: the window closed meanwhile, "Who can vote", or the limit. */
async function suggestionRefusal(jam: Jam, userId: number): Promise<AppError> {
  if (themePhase(jam) !== 'suggesting') return conflict(PHASE_REFUSALS.suggesting);
  const refusal = notEligible(jam);
  if (refusal && !(await takesPart(jam, userId))) return refusal;
  return conflict(SUGGESTION_LIMIT_MESSAGE);
}

/** The managers' list, oldest first, paged in the database by id (`after`). */
export async function listSuggestions(
  user: SessionUser,
  jam: Jam,
  after: number | null,
): Promise<{ suggestions: ThemeSuggestionDto[]; nextAfter: number | null }> {
  await requireJamPermission(user, jam.id, 'jam:moderate-themes');
  const rows = await db()
    .select({
      id: themeSuggestions.id,
      text: themeSuggestions.text,
      suggestedBy: users.name,
      suggesters: suggesterCount(themeSuggestions.id),
      createdAt: themeSuggestions.createdAt,
    })
    .from(themeSuggestions)
    .leftJoin(users, eq(users.id, themeSuggestions.suggestedBy))
    .where(and(eq(themeSuggestions.jamId, jam.id), after === null ? undefined : gt(themeSuggestions.id, after)))
    .orderBy(asc(themeSuggestions.id))
    .limit(SUGGESTIONS_PER_PAGE + 1);
  const page = rows.slice(0, SUGGESTIONS_PER_PAGE);
  return {
    suggestions: page.map((row) => ({ ...row, suggesters: Number(row.suggesters), createdAt: row.createdAt.toISOString() })),
    nextAfter: rows.length > SUGGESTIONS_PER_PAGE ? page.at(-1)!.id : null,
  };
}

async function requireModeration(user: SessionUser, jam: Jam, id: number) {
  await requireJamPermission(user, jam.id, 'jam:moderate-themes');
  const phase = themePhase(jam);
  if (phase !== 'soon' && phase !== 'suggesting' && phase !== 'round1') throw conflict(PHASE_REFUSALS.moderate);
  const [row] = await db()
    .select({ id: themeSuggestions.id })
    .from(themeSuggestions)
    .where(and(eq(themeSuggestions.id, id), eq(themeSuggestions.jamId, jam.id)));
  if (!row) throw notFound(NO_SUGGESTION_MESSAGE);
}

/** Removes a suggestion with its answers; removing one already gone is a 404. */
export async function removeSuggestion(user: SessionUser, jam: Jam, id: number): Promise<{ removed: number }> {
  await requireModeration(user, jam, id);
  const database = db();
  const [removed] = await database.batch([
    database.delete(themeSuggestions).where(and(eq(themeSuggestions.id, id), eq(themeSuggestions.jamId, jam.id))),
    database.run(refreshLeader(jam.id)),
  ]);
  return { removed: removed.rowsAffected };
}

/**
 * Merges a suggestion into another (the same theme the key did not catch, "kitty" and "cat"): its
 * suggesters and round-1 answers move to the one kept (a person's answer there stays), then it goes.
 */
export async function mergeSuggestion(user: SessionUser, jam: Jam, id: number, into: number): Promise<ThemeSuggestionDto> {
  if (id === into) throw badRequest(MERGE_ITSELF_MESSAGE);
  await Promise.all([requireModeration(user, jam, id), requireModeration(user, jam, into)]);
  const database = db();
  await database.batch([
    database.run(sql`insert into ${themeSuggesters} (suggestion_id, user_id, jam_id, created_at)
      select ${into}, user_id, jam_id, created_at from ${themeSuggesters} where suggestion_id = ${id} on conflict do nothing`),
    database.run(sql`insert into ${themeAnswers} (suggestion_id, user_id, jam_id, answer, created_at)
      select ${into}, user_id, jam_id, answer, created_at from ${themeAnswers} where suggestion_id = ${id} on conflict do nothing`),
    database.delete(themeSuggestions).where(eq(themeSuggestions.id, id)),
    database.run(refreshLeader(jam.id)),
  ]);
  const { suggestions } = await listSuggestions(user, jam, into - 1);
  return suggestions[0]!;
}
