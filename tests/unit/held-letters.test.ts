/**
 * The held classes are written in the letters the guard reads (ADR 046): every reading has had its
 * accents and marks taken out, its invisible joiners dropped, its digits read as ASCII and its Arabic
 * letters read as Persian ones (firstReading). A pattern written with "آدرس", "ó", "۱۲" or a zero-width
 * non-joiner can never match, and nothing else tells its author so.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { withoutAccents } from '#lib/note-text';
import { firstReading } from '#server/feedback/guard/normalise';

const DATA = new URL('../../src/server/feedback/guard/data/', import.meta.url);
const READ_AS_SOMETHING_ELSE = /[\p{L}\p{M}\p{N}\p{Cf}’‘′]/u;
const readAs = (char: string) => withoutAccents(firstReading(char));

/** The characters of a pattern no reading ever has, with what a reading has in their place. */
const unreadable = (pattern: string) =>
  [...new Set([...pattern].filter((char) => char.codePointAt(0)! > 0x7f && READ_AS_SOMETHING_ELSE.test(char)))]
    .filter((char) => readAs(char) !== char)
    .map((char) => `${char} (read as ${JSON.stringify(readAs(char))})`);

const classes = readdirSync(DATA).filter((file) => file.startsWith('held-') && file !== 'held-spellings.json');

describe('the held classes', () => {
  it.each(classes)('%s has no letter, digit, mark or joiner the readings never have', (file) => {
    const heldClass = JSON.parse(readFileSync(new URL(file, DATA), 'utf8')) as Record<string, string | string[]>;
    const found = Object.entries(heldClass)
      .filter(([key]) => key !== '_about')
      .flatMap(([, patterns]) => [patterns].flat().flatMap((pattern) => unreadable(pattern)));
    expect([...new Set(found)]).toEqual([]);
  });

  it('reads the letters it is checked against as the guard does', () => {
    expect(['آ', 'ئ', 'ó', '۱', '\u200c'].map(readAs)).toEqual(['ا', 'ی', 'o', '1', '']);
  });
});
