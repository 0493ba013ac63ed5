/**
 * The guard at a write (issue 53): every text one person writes that others read passes
 * `guardTexts` with its row of the guarded fields' table (./fields.ts). A refusal is 400
 * `text_refused` with the field and the rule (never the words that tripped it); a hold follows the
 * field's `held`: refused with the hold's own kind message where the field has no held state,
 * kept where only moderators read it. Notes, which can wait for a moderator, call `judgeText`
 * themselves (../notes.ts). Pure, like the guard: the caller reads the administrators' words beside
 * its other reads, so the guard costs no round trip of its own.
 */
import { textRefusedMessage } from '#lib/text-refusals';
import { AppError } from '#server/platform/errors';
import { GUARDED_FIELDS } from './fields';
import { type GuardRule, type GuardVerdict, isNewAccount, judgeText } from './guard';
import type { SessionUser } from '#server/auth/session';
import { countRefusal } from './outcomes';

export interface GuardedText {
  /** The field's name in the request body, as the refusal names it. */
  field: string;
  /** The field's row in the guarded fields' table (`{schema}.{path}`). */
  guarded: keyof typeof GUARDED_FIELDS & string;
  text: string | null | undefined;
}

/** The first text the guard refuses (or holds where the field cannot wait), or null when all may be kept. */
export function refusedText(
  texts: readonly GuardedText[],
  words: readonly string[],
  newAccount = false,
): { field: string; guarded: string; rule: GuardRule; verdict: GuardVerdict } | null {
  for (const { field, guarded, text } of texts) {
    if (!text) continue;
    const row = GUARDED_FIELDS[guarded];
    if (!row) throw new Error(`${guarded} is not in the guarded fields' table`);
    const verdict = judgeText(text, { words, kind: row.kind, newAccount });
    if (verdict.outcome === 'refuse' || (verdict.outcome === 'hold' && row.held === 'refuse')) {
      return { field, guarded, rule: verdict.rule, verdict };
    }
  }
  return null;
}

/** A text the guard held where its field waits for a moderator (`held: 'queue'`): the caller keeps it in held_texts. */
export interface HeldVerdict {
  field: string;
  guarded: string;
  rule: GuardRule;
  text: string;
}

/**
 * 400 `text_refused` with the field and the rule (never the words) when the guard refuses one of the
 * texts; otherwise the texts it held whose field can wait for a moderator (none, mostly), which the
 * caller keeps out of where they would show (./../held-texts.ts).
 */
export async function guardTexts(
  texts: readonly GuardedText[],
  words: readonly string[],
  writer?: Pick<SessionUser, 'createdAt'>,
): Promise<HeldVerdict[]> {
  // A new account's links and long numbers are held rather than refused (where the field can wait).
  const newAccount = isNewAccount(writer?.createdAt);
  const refused = refusedText(texts, words, newAccount);
  if (refused) {
    const { field, guarded, rule, verdict } = refused;
    await countRefusal(guarded, rule, verdict.outcome === 'hold' ? 'hold' : 'refuse');
    throw new AppError(400, 'text_refused', textRefusedMessage(field, rule), {
      field,
      rule,
      ...(verdict.outcome === 'hold' ? { held: true } : {}),
    });
  }
  const held: HeldVerdict[] = [];
  for (const { field, guarded, text } of texts) {
    if (!text || GUARDED_FIELDS[guarded]?.held !== 'queue') continue;
    const verdict = judgeText(text, { words, kind: GUARDED_FIELDS[guarded].kind, newAccount });
    if (verdict.outcome === 'hold') held.push({ field, guarded, rule: verdict.rule, text });
  }
  return held;
}

/** What the OpenAPI document says of a guarded endpoint, after the names of its guarded fields. */
export const textFilterDoc = (fields: string) =>
  ` ${fields} pass the guard (no links except to Scratch, no e-mail addresses, phone numbers, chat-app contact or unkind words; personal information (anyone's), grooming, scams for a login or Robux (betting, pretending to be staff), harm (chain messages that threaten, drugs, drink and weapons included) and unkind words at a person are for a moderator to read first): a refusal is a 400 with code \`text_refused\`, the \`field\`, the \`rule\` (\`link\`, \`email\`, \`phone\`, \`contact\`, \`word\`, \`personal\` or \`harm\`) and \`held\` (true when a moderator would have to read it first), and stores nothing.`;
