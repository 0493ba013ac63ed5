/**
 * A tag of letters only, unique in this run, for names in tests. Names pass the kid-safe filter,
 * and a run of seven digits in a timestamp (base 36 has many) looks like a phone number to it.
 */
import { judgeText } from '#server/feedback/guard/guard';

let made = 0;

export const lettersOnly = (text: string) => text.replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!);

/** Random letters can spell a listed word ("…fc…"), and a name with them would be refused: such a tag is skipped. */
const publishes = (tag: string) => judgeText(tag).outcome === 'publish' && judgeText(`Jam ${tag}`).outcome === 'publish';

export function uniqueTag(): string {
  for (;;) {
    const tag = lettersOnly(`${Date.now().toString(36)}${process.pid.toString(36)}${(made += 1).toString(36)}`);
    if (publishes(tag)) return tag;
  }
}
