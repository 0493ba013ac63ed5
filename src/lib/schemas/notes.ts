/**
 * Notes on entries (issue 34 §1): the request and answer schemas shared by the endpoints and the
 * notes island, and the English messages of the filter's refusals (the island shows the
 * translated `notes.refused.{rule}` texts).
 */
import { z } from 'zod';
import { NOTE_FILTER_RULES, NOTE_MAX_LENGTH, NOTE_PACE_MS, type NoteFilterRule } from '#lib/feedback';
import { isoDateTime, named, pageFields } from './common';

export const NOTES_PER_PAGE = 10;

export const NOTE_EMPTY_MESSAGE = 'Write something before you post your note.';
export const NOTE_TOO_LONG_MESSAGE = `Keep your note to ${NOTE_MAX_LENGTH} characters or fewer.`;

/** A new note: plain text, trimmed, 1 to NOTE_MAX_LENGTH characters (counted as the textarea counts them). */
export const noteInputSchema = z.object({
  text: z.string({ error: NOTE_EMPTY_MESSAGE }).trim().min(1, NOTE_EMPTY_MESSAGE).max(NOTE_MAX_LENGTH, NOTE_TOO_LONG_MESSAGE),
});
export type NoteInput = z.input<typeof noteInputSchema>;

/** What each filter rule asks the writer to change (the API's messages; the island translates them). */
export const NOTE_REFUSALS: Record<NoteFilterRule, string> = {
  link: 'Links can only go to Scratch projects and studios. Take out the link and try again.',
  email: 'Please keep e-mail addresses out of notes, so everyone stays safe. Take it out and try again.',
  phone: 'That looks like a phone number. Keep phone numbers private: take it out and try again.',
  contact: 'Keep chat apps and usernames outside Scratch private, so everyone stays safe. Take it out and try again.',
  word: 'That note has a word we don’t allow here. Say it in a kinder way and try again.',
  personal:
    'A moderator will read this note first: it looks like it shares or asks for personal details, or asks to talk in private.',
  harm: 'A moderator will read this note first. If you are not OK, please talk to an adult you trust.',
};
/**
 * The mute in the API's words: how long it lasts from now, which reads the same in every time zone
 * (the island says it in the reader's own zone from `mutedUntil`).
 */
export function noteMutedMessage(until: Date, now = Date.now()): string {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now) / 60_000));
  return `You can post notes again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}: too many notes were stopped by the filter. Take a short break!`;
}

/** The pace's refusal: one note every NOTE_PACE_MS, like comments on Scratch. */
export function notePaceMessage(seconds: number): string {
  return `You can post one note every ${NOTE_PACE_MS / 1000} seconds, like comments on Scratch. Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} and try again.`;
}

export const noteListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
});

const noteAuthor = z.object({
  id: z.int(),
  name: z.string(),
  avatar: z.string().meta({ description: 'The path of their Scratch picture on this site.' }),
});

export const noteSchema = named(
  'Note',
  z.object({
    id: z.int(),
    text: z.string().meta({ description: 'Plain text, never HTML.' }),
    author: noteAuthor,
    createdAt: isoDateTime,
    mine: z.boolean().meta({ description: 'Whether the caller wrote it.' }),
    canDelete: z.boolean().meta({ description: 'The note’s author and the entry’s author may delete it.' }),
    canHide: z.boolean().meta({ description: 'Managers of the jam and administrators may hide and unhide it.' }),
    hidden: z.boolean().meta({ description: 'Hidden notes are listed to managers and administrators only.' }),
    held: z.boolean().meta({
      description:
        'Held by the guard for a moderator (issue 53): listed only to its writer ("waiting for a moderator") and in the moderation queue until a manager of the jam or an administrator approves or refuses it.',
    }),
  }),
);
export type NoteDto = z.infer<typeof noteSchema>;

export const noteListSchema = named(
  'NoteList',
  z.object({
    items: z.array(noteSchema).meta({ description: 'Newest first.' }),
    ...pageFields,
    mute: z
      .object({ until: isoDateTime })
      .nullable()
      .meta({ description: 'When the caller’s notes are muted by the filter, until when; else null.' }),
  }),
);
export type NoteListDto = z.infer<typeof noteListSchema>;

export const noteHiddenSchema = z.object({
  hidden: z.boolean({ error: 'hidden must be true or false.' }),
});

export const noteIdSchema = z.coerce.number({ error: 'Not a valid note' }).int().positive('Not a valid note');

export const isNoteFilterRule = (value: unknown): value is NoteFilterRule =>
  (NOTE_FILTER_RULES as readonly unknown[]).includes(value);

/* ---------- the administrators' words ---------- */

export const FILTER_WORD_MAX = 40;
export const FILTER_WORD_MESSAGE = `A word is 1 to ${FILTER_WORD_MAX} letters (single spaces between words are fine).`;
/** Letters of any language, with single spaces, hyphens or apostrophes between them; stored lower case. */
export const FILTER_WORD_PATTERN = /^\p{L}+(?:[ '’-]\p{L}+)*$/u;
export const filterWordSchema = z
  .string({ error: FILTER_WORD_MESSAGE })
  .transform((word) => word.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase())
  .pipe(
    z
      .string()
      .min(1, FILTER_WORD_MESSAGE)
      .max(FILTER_WORD_MAX, FILTER_WORD_MESSAGE)
      .regex(FILTER_WORD_PATTERN, FILTER_WORD_MESSAGE),
  );

export const filterWordsSchema = named(
  'FilterWords',
  z.object({
    words: z
      .array(z.object({ word: z.string(), addedBy: z.string().nullable(), createdAt: isoDateTime }))
      .meta({ description: 'The administrators’ words, A to Z.' }),
  }),
);
export type FilterWordsDto = z.infer<typeof filterWordsSchema>;

/** A moderator's decision on a held note. */
export const heldNoteReviewSchema = z.object({
  decision: z.enum(['approve', 'refuse'], { error: 'decision must be approve or refuse.' }),
});

/** A note the guard held, as the moderation queue lists it. */
export const heldNoteSchema = named(
  'HeldNote',
  z.object({
    id: z.int(),
    text: z.string().meta({ description: 'Exactly what was typed (minus bidirectional controls), plain text.' }),
    rule: z.string().meta({ description: 'Why the guard held it: link, email, phone, contact, word, personal or harm.' }),
    heldAt: isoDateTime,
    entry: z.object({ id: z.int(), title: z.string() }),
    jam: z.object({ slug: z.string(), name: z.string() }),
    author: z.object({ id: z.int(), name: z.string() }),
  }),
);
export type HeldNoteDto = z.infer<typeof heldNoteSchema>;
