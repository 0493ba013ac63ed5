/**
 * What the guard held and refused, counted per rule for the administrators (issue 53): rule, field,
 * outcome and time only, never the text nor who wrote it. Notes' refusals are the mute's own rows
 * (note_refusals); everything else is in guard_outcomes.
 */
import { sql } from 'drizzle-orm';
import { guardOutcomes, noteRefusals } from '#db/schema';
import { NOTE_FILTER_RULES, type NoteFilterRule } from '#lib/feedback';
import { db } from '#server/platform/db';

/** How far back the dashboard counts. */
export const GUARD_COUNTS_DAYS = 30;

export interface GuardCount {
  rule: NoteFilterRule;
  held: number;
  refused: number;
}

/** The held and refused counts of the last GUARD_COUNTS_DAYS, per rule (every rule, zeros included), in one statement. */
export async function guardCounts(now = Date.now()): Promise<GuardCount[]> {
  const since = now - GUARD_COUNTS_DAYS * 24 * 60 * 60_000;
  const rows = await db().all<{ rule: string; outcome: string; n: number }>(sql`
    select rule, outcome, count(*) as n from (
      select ${guardOutcomes.rule} as rule, ${guardOutcomes.outcome} as outcome from ${guardOutcomes} where ${guardOutcomes.at} >= ${since}
      union all
      select ${noteRefusals.rule}, 'refuse' from ${noteRefusals} where ${noteRefusals.at} >= ${since}
    ) group by rule, outcome`);
  return NOTE_FILTER_RULES.map((rule) => ({
    rule,
    held: rows.find((row) => row.rule === rule && row.outcome === 'hold')?.n ?? 0,
    refused: rows.find((row) => row.rule === rule && row.outcome === 'refuse')?.n ?? 0,
  }));
}

/**
 * Counts a refusal (or a hold refused where the field cannot wait) outside notes, before the refusal
 * answers (awaited: on Workers, a write left running after its request's answer can stall the next
 * request's database connection). A count that fails costs only the count.
 */
export async function countRefusal(field: string, rule: string, outcome: 'hold' | 'refuse'): Promise<void> {
  await db()
    .insert(guardOutcomes)
    .values({ field, rule, outcome })
    .catch(() => undefined);
}
