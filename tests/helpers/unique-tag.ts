/**
 * A tag of letters only, unique in this run, for names in tests. Names pass the kid-safe filter,
 * and a run of seven digits in a timestamp (base 36 has many) looks like a phone number to it.
 */
let made = 0;

export const lettersOnly = (text: string) => text.replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!);

export const uniqueTag = () => lettersOnly(`${Date.now().toString(36)}${process.pid.toString(36)}${(made += 1).toString(36)}`);
