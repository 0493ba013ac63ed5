/**
 * The notes' mute (issue 34 §1): three refusals within ten minutes mute the writer's notes for five.
 * A refused note is never stored; its refusal is. And their pace (issue 41): one kept note per
 * person every NOTE_PACE_MS, like Scratch's comments, besides the per-user rate limit.
 */
import { and, asc, desc, eq, gte } from 'drizzle-orm';
import { noteRefusals, notes } from '#db/schema';
import { NOTE_MUTE_MS, NOTE_PACE_MS, NOTE_REFUSALS_TO_MUTE, NOTE_REFUSAL_WINDOW_MS, type NoteFilterRule } from '#lib/feedback';
import { NOTE_REFUSALS, noteMutedMessage, notePaceMessage } from '#lib/schemas/notes';
import type { SessionUser } from '#server/auth/session';
import { AppError } from '#server/platform/errors';
import { db } from '#server/platform/db';

/**
 * Until when the person's notes are muted (null: not muted). Refusals are taken in order; the
 * NOTE_REFUSALS_TO_MUTE-th within NOTE_REFUSAL_WINDOW_MS mutes for NOTE_MUTE_MS from that
 * refusal, and a mute uses up its refusals, so the next mute needs as many new ones.
 */
export async function mutedUntil(userId: number, now = Date.now()): Promise<Date | null> {
  const rows = await db()
    .select({ at: noteRefusals.at })
    .from(noteRefusals)
    .where(and(eq(noteRefusals.userId, userId), gte(noteRefusals.at, new Date(now - 2 * NOTE_REFUSAL_WINDOW_MS - NOTE_MUTE_MS))))
    .orderBy(asc(noteRefusals.at), asc(noteRefusals.id));
  let until = 0;
  let recent: number[] = [];
  for (const { at } of rows) {
    const time = at.getTime();
    recent = recent.filter((earlier) => time - earlier < NOTE_REFUSAL_WINDOW_MS);
    recent.push(time);
    if (recent.length >= NOTE_REFUSALS_TO_MUTE) {
      until = time + NOTE_MUTE_MS;
      recent = [];
    }
  }
  return until > now ? new Date(until) : null;
}

export const mutedError = (until: Date) =>
  new AppError(403, 'muted', noteMutedMessage(until), { mutedUntil: until.toISOString() });

/** Records a refusal and refuses the note, with the mute it may start. */
export async function refuse(user: SessionUser, rule: NoteFilterRule): Promise<never> {
  await db().insert(noteRefusals).values({ userId: user.id, rule });
  const until = await mutedUntil(user.id);
  throw new AppError(400, 'note_refused', NOTE_REFUSALS[rule], {
    rule,
    ...(until ? { mutedUntil: until.toISOString() } : {}),
  });
}

/** When the person's newest note was kept, or null (read beside the other checks of a new note). */
export async function lastNoteAt(userId: number): Promise<Date | null> {
  // The newest by id, through the author index (ids grow with time).
  const [row] = await db()
    .select({ at: notes.createdAt })
    .from(notes)
    .where(eq(notes.authorId, userId))
    .orderBy(desc(notes.id))
    .limit(1);
  return row?.at ?? null;
}

/** 429 with Retry-After while the person's newest note is younger than NOTE_PACE_MS, else nothing. */
export function requirePace(last: Date | null, now = Date.now()): void {
  const left = last ? last.getTime() + NOTE_PACE_MS - now : 0;
  if (left <= 0) return;
  const seconds = Math.max(1, Math.ceil(left / 1000));
  const error = new AppError(429, 'rate_limited', notePaceMessage(seconds), { retryAfter: seconds });
  error.retryAfterSeconds = seconds;
  throw error;
}
