/**
 * The note filter guards every other text a child writes that others read (issue 41): a jam
 * request's texts and a report's details. A refusal names the field and the rule, never the words
 * that tripped it; the islands show the translated `common.refused.{rule}` texts.
 */
import { NOTE_FILTER_RULES, type NoteFilterRule } from './feedback';

/** What each rule asks the writer to change (the API's messages, after the field's name). */
export const TEXT_REFUSALS: Record<NoteFilterRule, string> = {
  link: 'Links can only go to Scratch projects and studios. Take out the link and try again.',
  email: 'Please keep e-mail addresses out, so everyone stays safe. Take it out and try again.',
  phone: 'That looks like a phone number. Keep phone numbers private: take it out and try again.',
  contact: 'Keep chat apps and usernames outside Scratch private, so everyone stays safe. Take it out and try again.',
  word: 'That has a word we don’t allow here. Say it in a kinder way and try again.',
  personal:
    'A moderator needs to read this first: it looks like it shares or asks for personal details (where someone lives, goes to school, their age) or asks to talk in private. Keep those off the site and try again.',
  harm: 'A moderator needs to read this first: it talks about hurting yourself or someone. If you are not OK, please talk to an adult you trust. Otherwise, say it another way and try again.',
};

/** `{field}: {what to change}`, the way a schema's refusal names its field. */
export const textRefusedMessage = (field: string, rule: NoteFilterRule) => `${field}: ${TEXT_REFUSALS[rule]}`;

/** The `text_refused` error's extra fields, as the islands read them. */
export interface TextRefusal {
  field: string;
  rule: NoteFilterRule;
}

/** The refusal an API error body carries (`text_refused`), or null for any other error. */
export function textRefusalOf(code: string, body: unknown): TextRefusal | null {
  if (code !== 'text_refused') return null;
  const error = (body as { error?: { field?: unknown; rule?: unknown } } | undefined)?.error;
  if (typeof error?.field !== 'string' || !(NOTE_FILTER_RULES as readonly unknown[]).includes(error.rule)) return null;
  return { field: error.field, rule: error.rule as NoteFilterRule };
}
