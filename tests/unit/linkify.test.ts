import { describe, expect, it } from 'vitest';
import { linkifyLine, linkifyText } from '#lib/linkify';

describe("a project's text from Scratch", () => {
  it('keeps its lines and turns http and https addresses into links, leaving trailing punctuation as text', () => {
    expect(linkifyText('Music: https://example.com/a.\nSee http://example.org/b?x=1)')).toEqual([
      [{ text: 'Music: ' }, { text: 'https://example.com/a', href: 'https://example.com/a' }, { text: '.' }],
      [{ text: 'See ' }, { text: 'http://example.org/b?x=1', href: 'http://example.org/b?x=1' }, { text: ')' }],
    ]);
  });

  it('never links other schemes and never interprets markup', () => {
    expect(linkifyLine('javascript:alert(1) <a href="x">y</a> data:text/html,hi ftp://example.com')).toEqual([
      { text: 'javascript:alert(1) <a href="x">y</a> data:text/html,hi ftp://example.com' },
    ]);
  });

  it('gives no lines for blank text and joins Windows line ends', () => {
    expect(linkifyText('  \n ')).toEqual([]);
    expect(linkifyText('one\r\ntwo')).toEqual([[{ text: 'one' }], [{ text: 'two' }]]);
  });
});
