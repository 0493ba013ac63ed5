/**
 * Numbers that are no part of a phone number, taken out of a text before the phone rule looks for
 * seven digits: scores such as 10/10 or 99/100, amounts grouped by commas, spaces or dots, dates,
 * times and lap times (issue 53), a game's coordinates, and lists of scores, years and counts (a note's "Scores: 100, 200,
 * 350, 500" had ten digits with two characters between each two, and was refused).
 */

/** What separates the items of a written list: a comma (the Persian one too), a slash, a bar, a semicolon or "and". */
const ITEM = String.raw`\s*(?:[,،;/|]|(?<!\p{L})(?:and|és|es|agus|و)(?!\p{L}))\s*`;

const PATTERNS = [
  /(?<!\d)\d{1,3}\s*\/\s*(?:10|100|5|3)(?!\d)/gu,
  /(?<![\d,])\d{1,3}(?:,\d{3})+(?![\d,])/gu,
  /(?<!\d)(?:19|20|13|14)\d\d\s*([-./])\s*(?:0?[1-9]|1[0-2])\s*\1\s*(?:0?[1-9]|[12]\d|3[01])(?!\d)/gu,
  // Day first or month first (27/11/2024, 11.27.2024), times and lap times (1:23, 12:30:05.5) and
  // amounts grouped by spaces or dots (1 250 000 pont), never after or before more digits.
  /(?<!\d)(?:0?[1-9]|[12]\d|3[01])\s*([-./])\s*(?:0?[1-9]|[12]\d|3[01])\s*\1\s*(?:19|20)?\d\d(?!\d)/gu,
  /(?<!\d)\d{1,2}:\d{2}(?::\d{2})?(?:[.,]\d{1,3})?(?!\d)/gu,
  /(?<!\d[\s.\-/]{0,3})(?<!\d)(?!0)\d{1,3}(?:[ \u00a0\u202f.]\d{3})+(?!\d|[\s.\-/]{1,3}\d)/gu,
  // Three or more round numbers in a list (100, 250 / 500): a phone number's groups are seldom all round.
  new RegExp(String.raw`(?<![\d.,])\d{1,6}0(?:${ITEM}\d{1,6}0){2,}(?![\d.,]\d)`, 'gu'),
  // Two or more years in a list (2012, 2015 and 2021).
  new RegExp(String.raw`(?<!\d)(?:19|20)\d\d(?:${ITEM}(?:19|20)\d\d)+(?!\d)`, 'gu'),
  // A decimal fraction (3.14159, 0.0625).
  /(?<![\d.,])\d{1,2}\.\d{4,}(?![\d.,])/gu,
  // Bytes in binary, eight zeros and ones each (01001000 01001001): the guard decodes them and judges what they spell.
  /(?<![\d.,])[01]{8}(?:[ ,]+[01]{8})+(?![\d.,])/gu,
];

/**
 * Eight or more numbers counting up by one from 0 or 1 (levels 1 2 3 … 10), also closed up into one
 * (12345678910, as a second reading closes up a list). Shorter runs ("1234567") and countdowns may be
 * a phone number.
 */
const LIST = /(?<![\d.])\d{1,6}(?:[\s,،;/|-]+\d{1,6}){7,}(?![\d.])/gu;
const RUN = /(?<!\d)\d{8,}(?!\d)/gu;
const COUNTING = Array.from({ length: 40 }, (_, n) => n).join('');

/**
 * A game's coordinates, named, with a minus before one of them ("my coords in the minecraft level were
 * 100 64 -200", "koordináták: -12, 70"): a phone number's groups have none.
 */
const COORDINATES =
  /(?<!\p{L})(?:coords?|coordinates?|koordinat\p{L}*|comhordanaid\p{L}*|مختصات|xyz)(?!\p{L})[^\d\n-]{0,30}-?\d{1,6}(?:\s*,\s*-?\d{1,6}|\s+-?\d{1,6}){1,2}(?![\d.])/gu;
const NEGATIVE = /(?:^|[^\d])-\d/u;

/**
 * A leaderboard: three or more numbers after a score word, best first ("top 10: 9999, 8500, 7200",
 * "pontok: 1500 1200 900"). Only a list that never goes up is taken out: a phone number's groups
 * seldom shrink from left to right.
 */
const LEADERBOARD = new RegExp(
  String.raw`(?<!\p{L})(?:high ?scores?|scores?|top(?: \d{1,3})?|leaderboard|records?|points|pts|pont(?:ok|sz[aá]mok|sz[aá]m)?|eredm[eé]nyek|sc[oó]ir|sc[oó]ranna|point[ií]|امتیاز(?:ها|ات)?|رکورد(?:ها)?)(?!\p{L})[^\d\n]{0,12}(\d{1,7}(?:(?:${ITEM}|\s+)\d{1,7}){2,})(?![\d.,]\d)`,
  'giu',
);
const neverGoesUp = (numbers: number[]) => numbers.every((value, index) => index === 0 || value <= numbers[index - 1]!);

const countsFromOne = (numbers: number[]) => numbers[0]! <= 1 && numbers.every((value, index) => value === numbers[0]! + index);
const countsUpClosed = (run: string) => COUNTING.startsWith(run) || COUNTING.slice(1).startsWith(run);

/** The text with its ordinary numbers replaced by a space each. */
export function withoutOrdinaryNumbers(text: string): string {
  const rest = PATTERNS.reduce((left, pattern) => left.replace(pattern, ' '), text).replace(COORDINATES, (place) =>
    NEGATIVE.test(place) ? ' ' : place,
  );
  return rest
    .replace(LEADERBOARD, (board, list: string) =>
      neverGoesUp(list.split(/\D+/u).map(Number)) ? board.replace(list, ' ') : board,
    )
    .replace(LIST, (list) => (countsFromOne(list.split(/[\s,،;/|-]+/u).map(Number)) ? ' ' : list))
    .replace(RUN, (run) => (countsUpClosed(run) ? ' ' : run));
}
