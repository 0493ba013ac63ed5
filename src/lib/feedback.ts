/**
 * Kudos and notes on entries (issue 34 §1): the vocabulary shared by the API schemas and the
 * islands (db/schema.ts keeps its own copy of the stored values; tests/db/schema.test.ts holds them equal).
 */

/** Per jam: notes and kudos, kudos only, or neither. */
export const FEEDBACK_MODES = ['notes', 'kudos', 'off'] as const;
export type FeedbackMode = (typeof FEEDBACK_MODES)[number];

/** The fixed set of stickers; labels are `kudos.sticker.{id}` in the locales. One of each per person per entry. */
export const KUDOS_STICKERS = ['fun', 'art', 'sounds', 'idea', 'funny', 'theme', 'polished', 'more'] as const;
export type KudosSticker = (typeof KUDOS_STICKERS)[number];

export const NOTE_MAX_LENGTH = 280;

/** Like Scratch's mute: this many refused notes within the window mute a person's notes for MUTE_MS. */
export const NOTE_REFUSALS_TO_MUTE = 3;
export const NOTE_REFUSAL_WINDOW_MS = 10 * 60_000;
export const NOTE_MUTE_MS = 5 * 60_000;

/** Like Scratch's comments: one kept note per person per NOTE_PACE_MS, whatever the entry (issue 41). */
export const NOTE_PACE_MS = 10_000;

/**
 * Why the guard held or refused a text; each has its own friendly message (`notes.refused.{rule}`,
 * `common.refused.{rule}`). `personal` (personal information, grooming) and `harm` (hurting oneself
 * or others) are only ever held for a moderator, never refused outright (issue 53).
 */
export const NOTE_FILTER_RULES = ['link', 'email', 'phone', 'contact', 'word', 'personal', 'harm'] as const;
export type NoteFilterRule = (typeof NOTE_FILTER_RULES)[number];
