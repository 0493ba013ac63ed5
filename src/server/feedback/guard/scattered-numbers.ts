/**
 * A phone number scattered over a note (ADR 046, the thirteenth set): its groups written apart with
 * a game's words between them ("level 1 has 06 lives, level 2 has 30 coins, level 3 has 123 stars
 * and level 4 has 4567 points. thats my number, call me"), which the phone rule (seven digits with
 * at most three marks between each two) does not see. Held when the note asks to be called or
 * texted, or gives its writer's number (English, Hungarian, Irish, Persian), and its groups of
 * two digits or more — ordinary numbers out (times, dates, round lists), a level's single digit
 * left aside — make nine to fifteen digits in three groups or more, one of them at least not round.
 */
import { withoutOrdinaryNumbers } from '../ordinary-numbers';

const NOT_A_LETTER_BEFORE = '(?<!\\p{L})';
const NOT_A_LETTER_AFTER = '(?!\\p{L})';

/** Asking to be called or texted, or one's number named (not "my number of coins"), on the accent-less reading. */
const ASKS_A_CALL = new RegExp(
  [
    `${NOT_A_LETTER_BEFORE}(?:call|text|ring|phone|whatsapp|sms|dial|msg|message|facetime) (?:me|us)${NOT_A_LETTER_AFTER}`,
    `${NOT_A_LETTER_BEFORE}(?:my|our) (?:phone|number|cell|mobile|digits|fone|numba)(?: (?:number|no|num))? ?(?:is|are|=|:)`,
    `${NOT_A_LETTER_BEFORE}(?:thats|that's|that is|its|it's|those are|these are|here's|heres|here is) (?:my|our) (?:phone|number|cell|mobile|digits|numba)${NOT_A_LETTER_AFTER}`,
    `${NOT_A_LETTER_BEFORE}(?:hivj|hivjal|hivjatok|hivjon|csorgess|csorgessetek|smsezz|szamom|telefonszamom|mobilszamom|szamunk)${NOT_A_LETTER_AFTER}`,
    `${NOT_A_LETTER_BEFORE}(?:(?:glaoigh|cuir glao|scairt|seol teacs|teacs|teacsail) (?:orm|chugam|orainn)|m'uimhir|mo uimhir|m'fhon|mo fhon|mo ghuthan)${NOT_A_LETTER_AFTER}`,
    '(?:شمارم|شماره ?ام|شماره من|شماره تلفنم|شماره موبایلم|زنگ بزن|پیامک بده|اس ?ام ?اس بده)',
  ].join('|'),
  'u',
);

/** Whether a reading (accents out, every script's digits as ASCII) holds a phone number scattered over it. */
export function scatteredPhone(reading: string): boolean {
  if (!ASKS_A_CALL.test(reading)) return false;
  const groups = withoutOrdinaryNumbers(reading).match(/\d{2,}/gu) ?? [];
  const digits = groups.join('').length;
  return groups.length >= 3 && digits >= 9 && digits <= 15 && groups.some((group) => !group.endsWith('0'));
}
