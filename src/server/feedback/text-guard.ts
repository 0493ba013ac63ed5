/**
 * The note filter for the other texts children write and others read (issue 41): a jam request's
 * name, description, body and note, a report's details. Pure, like the filter: the caller reads the
 * administrators' words beside its other reads, so the guard costs no round trip of its own.
 */
import type { NoteFilterRule } from '#lib/feedback';
import { textRefusedMessage } from '#lib/text-refusals';
import { AppError } from '#server/http/errors';
import { checkNote } from './filter';

export interface GuardedText {
  /** The field's name in the request body, as the refusal names it. */
  field: string;
  text: string | null | undefined;
  /**
   * `markdown`: a jam's body, whose links (http, https, mailto) follow the spec's markdown rules, so
   * addresses are taken out and the link and e-mail rules are left out; phone numbers, chat-app
   * contact and words still count.
   */
  kind?: 'plain' | 'markdown';
}

/** Web and mail addresses in markdown (a link's target, a bare address, an inline picture). */
const ADDRESSES = /(?:[a-z][a-z0-9+.-]*:\/\/|mailto:|data:|www\.)[^\s)\]>"']*/giu;
const MARKDOWN_SKIPS: readonly NoteFilterRule[] = ['link', 'email'];

/** The first field the filter refuses and why, or null when all may be kept. */
export function refusedText(
  texts: readonly GuardedText[],
  words: readonly string[],
): { field: string; rule: NoteFilterRule } | null {
  for (const { field, text, kind = 'plain' } of texts) {
    if (!text) continue;
    const rule = kind === 'markdown' ? checkNote(text.replace(ADDRESSES, ' '), words, MARKDOWN_SKIPS) : checkNote(text, words);
    if (rule) return { field, rule };
  }
  return null;
}

/** 400 `text_refused` with the field and the rule (never the words) when the filter refuses one of the texts. */
export function requireSafeTexts(texts: readonly GuardedText[], words: readonly string[]): void {
  const refused = refusedText(texts, words);
  if (refused) throw new AppError(400, 'text_refused', textRefusedMessage(refused.field, refused.rule), { ...refused });
}

/** What the OpenAPI document says of a guarded endpoint, after the names of its guarded fields. */
export const textFilterDoc = (fields: string) =>
  ` ${fields} pass the notes' filter (no links except to Scratch, no e-mail addresses, phone numbers, chat-app contact or unkind words): a refusal is a 400 with code \`text_refused\`, the \`field\` and the \`rule\` (\`link\`, \`email\`, \`phone\`, \`contact\` or \`word\`), and stores nothing.`;
