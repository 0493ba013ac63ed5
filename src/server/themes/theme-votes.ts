/**
 * The two theme rounds (ADR 043). Round 1: each voter gets the suggestion fewest people have seen
 * that they have not answered, and answers Yes / No / Skip. The final round: one upvote among the
 * finalists, changeable. Each answer and each upvote is one statement that checks the window, "Who
 * can vote" and the suggestion itself; it travels in one batch with the leader's refresh and the
 * reads of the caller's new state.
 */
import { sql } from 'drizzle-orm';
import { type Jam, themeFinalVotes, themeSuggestions } from '#db/schema';
import { type ThemeAnswer, themePhase } from '#lib/themes';
import type { MyThemeDto } from '#lib/schemas/themes';
import type { SessionUser } from '#server/auth/session';
import { conflict, notFound } from '#server/platform/errors';
import { db } from '#server/platform/db';
import { batchNamed } from '#server/platform/named';
import {
  PHASE_REFUSALS,
  finalOrder,
  mayTakePart,
  notEligible,
  phaseCondition,
  refreshLeader,
  requireThemePhase,
} from './theme-rounds';
import { NO_SUGGESTION_MESSAGE } from './theme-suggestions';
import { myThemeQueries, takesPart, toMyTheme } from './theme-mine';

export const NOT_A_FINALIST_MESSAGE = 'That theme is not one of the finalists.';

/** Why a round's statement wrote nothing: the window closed meanwhile, "Who can vote", or the suggestion. */
async function roundRefusal(jam: Jam, user: SessionUser, round: 'round1' | 'final', missing: string) {
  if (themePhase(jam) !== round) return conflict(PHASE_REFUSALS[round]);
  const refusal = notEligible(jam);
  if (refusal && !(await takesPart(jam, user.id))) return refusal;
  return round === 'final' ? conflict(missing) : notFound(missing);
}

/** Round 1: Yes / No / Skip on a suggestion (again: the new answer replaces the old, the look counted once). */
export async function answerTheme(user: SessionUser, jam: Jam, suggestionId: number, answer: ThemeAnswer): Promise<MyThemeDto> {
  requireThemePhase(jam, 'round1');
  const database = db();
  const { written, ...rows } = await batchNamed(database, {
    written: database.run(sql`insert into theme_answers (suggestion_id, user_id, jam_id, answer)
      select s.id, ${user.id}, ${jam.id}, ${answer} from ${themeSuggestions} s
      where s.id = ${suggestionId} and s.jam_id = ${jam.id} and ${phaseCondition(jam.id, 'round1')} and ${mayTakePart(jam, user.id)}
      on conflict (suggestion_id, user_id) do update set answer = excluded.answer`),
    leader: database.run(refreshLeader(jam.id)),
    ...myThemeQueries(user, jam),
  });
  if (written.rowsAffected === 0) throw await roundRefusal(jam, user, 'round1', NO_SUGGESTION_MESSAGE);
  return toMyTheme(jam, rows);
}

/** The final round: the caller's one upvote goes to this finalist (moved from another; the same again changes nothing). */
export async function pickTheme(user: SessionUser, jam: Jam, suggestionId: number): Promise<MyThemeDto> {
  requireThemePhase(jam, 'final');
  const database = db();
  const { written, ...rows } = await batchNamed(database, {
    written: database.run(sql`insert into ${themeFinalVotes} (jam_id, user_id, suggestion_id)
      select ${jam.id}, ${user.id}, ${suggestionId}
      where ${phaseCondition(jam.id, 'final')} and ${mayTakePart(jam, user.id)}
        and exists (select 1 from (${finalOrder(jam.id)}) where id = ${suggestionId} and finalist)
      on conflict (jam_id, user_id) do update set suggestion_id = excluded.suggestion_id,
        updated_at = cast(unixepoch('subsec') * 1000 as integer)`),
    leader: database.run(refreshLeader(jam.id)),
    ...myThemeQueries(user, jam),
  });
  if (written.rowsAffected === 0) throw await roundRefusal(jam, user, 'final', NOT_A_FINALIST_MESSAGE);
  return toMyTheme(jam, rows);
}
