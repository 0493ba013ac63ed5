/** "Check entries now": calls the check endpoint batch after batch until nothing is left (or it is refused). */
import { ApiError, api } from '#client/api-client';
import type { EntryCheckDto } from '#lib/schemas/review';

export interface CheckSummary {
  checked: number;
  left: number;
  missing: number;
}

/** At most this many calls in one press: a jam of a few hundred entries; the rest waits for the next press. */
const MAX_ROUNDS = 10;

export async function checkAllEntriesNow(slug: string): Promise<CheckSummary> {
  const summary: CheckSummary = { checked: 0, left: 0, missing: 0 };
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    let answer: EntryCheckDto;
    try {
      answer = await api<EntryCheckDto>(`/jams/${encodeURIComponent(slug)}/entries/check`, { method: 'POST' });
    } catch (error) {
      // Too many checks at once: report what was done so far (if anything) and leave the rest for later.
      if (error instanceof ApiError && error.status === 429 && summary.checked > 0) return summary;
      throw error;
    }
    summary.checked += answer.checked;
    summary.missing += answer.missing.length;
    summary.left = answer.left;
    if (answer.left === 0 || answer.checked === 0) break;
  }
  return summary;
}

/** The toast's sentence from translated pieces (each island has its own keys). */
export function checkSummaryText(
  summary: CheckSummary,
  t: (key: string, options?: Record<string, unknown>) => string,
  prefix: string,
) {
  if (summary.checked === 0) return t(`${prefix}.nothingToCheck`);
  const parts = [t(`${prefix}.checkedCount`, { count: summary.checked })];
  if (summary.missing > 0) parts.push(t(`${prefix}.checkMissing`, { count: summary.missing }));
  if (summary.left > 0) parts.push(t(`${prefix}.checkLeft`, { count: summary.left }));
  return parts.join(' ');
}
