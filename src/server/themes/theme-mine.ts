/**
 * The caller's part in the theme rounds (`MyTheme`, ADR 043) as statements a write's batch can end
 * with, so a suggestion, an answer or an upvote answers with the state it left in the same batch.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { type Jam, heldTexts, themeFinalVotes, themeSuggesters, themeSuggestions } from '#db/schema';
import { themePhase } from '#lib/themes';
import type { MyThemeDto } from '#lib/schemas/themes';
import type { SessionUser } from '#server/auth/session';
import { db } from '#server/platform/db';
import { readTogether } from '#server/platform/named';
import { finalOrder, mayTakePart, toThemeRounds } from './theme-rounds';

const mine = (jamId: number, userId: number) =>
  db()
    .select({ id: themeSuggestions.id, text: themeSuggestions.text })
    .from(themeSuggesters)
    .innerJoin(themeSuggestions, eq(themeSuggestions.id, themeSuggesters.suggestionId))
    .where(and(eq(themeSuggesters.jamId, jamId), eq(themeSuggesters.userId, userId)))
    .orderBy(asc(themeSuggesters.createdAt), asc(themeSuggestions.id));

type Candidate = { id: number; text: string };

/** The reads behind `MyTheme`, as statements a write's batch can end with (they then see the write). */
export function myThemeQueries(user: SessionUser, jam: Jam) {
  const database = db();
  const phase = themePhase(jam);
  return {
    suggested: mine(jam.id, user.id),
    next: database.all<Candidate>(
      phase === 'round1'
        ? sql`select s.id as id, s.text as text from ${themeSuggestions} s where s.jam_id = ${jam.id}
          and not exists (select 1 from theme_answers a where a.suggestion_id = s.id and a.user_id = ${user.id})
          order by s.looks, s.id limit 1`
        : sql`select 1 where 0`,
    ),
    candidates: database.all<Candidate>(
      phase === 'final'
        ? sql`select id, text from (${finalOrder(jam.id)}) where finalist order by text collate nocase, id`
        : sql`select 1 where 0`,
    ),
    picks: database
      .select({ pick: themeFinalVotes.suggestionId })
      .from(themeFinalVotes)
      .where(and(eq(themeFinalVotes.jamId, jam.id), eq(themeFinalVotes.userId, user.id))),
    eligible: database.all<{ ok: number }>(sql`select ${mayTakePart(jam, user.id)} as ok`),
    // Their suggestions the guard held (issue 53): only they see them, as waiting for a moderator.
    waiting: database
      .select({ id: heldTexts.id, text: heldTexts.text })
      .from(heldTexts)
      .where(and(eq(heldTexts.jamId, jam.id), eq(heldTexts.authorId, user.id), eq(heldTexts.target, 'theme')))
      .orderBy(heldTexts.id),
  };
}

/** What the reads of `MyTheme` answered, each under its name (alone, or at the end of a write's batch). */
interface MyThemeRows {
  suggested: Candidate[];
  next: Candidate[];
  candidates: Candidate[];
  picks: { pick: number | null }[];
  eligible: { ok: number }[];
  waiting: Candidate[];
}

export function toMyTheme(
  jam: Jam,
  { suggested: suggestions, next, candidates, picks, eligible, waiting }: MyThemeRows,
): MyThemeDto {
  return {
    ...toThemeRounds(jam),
    eligible: Boolean(eligible[0]?.ok),
    suggestions: suggestions.map(({ id, text }) => ({ id, text })),
    waiting: waiting.map(({ id, text }) => ({ id, text })),
    next: next[0] ? { id: next[0].id, text: next[0].text } : null,
    candidates: candidates.map(({ id, text }) => ({ id, text })),
    pick: picks[0]?.pick ?? null,
  };
}

/**
 * What the caller suggested, what to answer next, the finalists and their pick. The reads start in
 * this turn side by side, so they travel with the caller's other reads of the turn (read-batches.ts):
 * the viewer document carries this at no extra round trip.
 */
export async function myTheme(user: SessionUser, jam: Jam): Promise<MyThemeDto> {
  return toMyTheme(jam, await readTogether(myThemeQueries(user, jam)));
}

/** Whether a page shows the theme panel, so the viewer document carries `MyTheme`: theme rounds on, before the start. */
export const themePanelShows = (jam: Jam) => !['off', 'revealed'].includes(themePhase(jam));

/** Whether "Who can vote" lets the user suggest and vote now. */
export async function takesPart(jam: Jam, userId: number): Promise<boolean> {
  const [row] = await db().all<{ ok: number }>(sql`select ${mayTakePart(jam, userId)} as ok`);
  return Boolean(row?.ok);
}
