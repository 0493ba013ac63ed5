import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { NoteItem } from '#islands/entries/NoteItem.tsx';
import { linkifyLine, linkifyText } from '#lib/linkify';

/** Texts that tried to make a live link outside Scratch (issue 41 §1), and some that should link to Scratch. */
const TRICKS = [
  '²https://evil.com/x',
  '＿https://evil.com',
  'ａhttps://evil.com',
  'https://evil.com',
  'http://example.org/b?x=1',
  'www.evil.com',
  'evil.c\u00ADom',
  'https://scratch.mit.edu.evil.com/projects/1',
  'https://scratch.mit.edu@evil.com/projects/1',
  'https://evil.com/scratch.mit.edu/projects/1',
  'scratch.mit.edu/projects/123.evil.com',
  'scratch.mit.edu/projects/123?ref=https://evil.com',
  'https://scratch.mit.edu/projects/1/../../../evil',
  'https://scratch.mit.edu/users/a/@evil.com',
  'javascript:alert(1) <a href="x">y</a> data:text/html,hi ftp://example.com',
  'https://scratch.mit.edu\u200B.evil.com/projects/5',
  'ｈｔｔｐｓ：／／ｅｖｉｌ．ｃｏｍ',
  'https://scratch.mit.edu/projects/123 and https://scratch.mit.edu/studios/4/ and scratch.mit.edu/users/griffpatch and https://scratch.mit.edu/discuss/topic/55',
];

const SCRATCH_PREFIX = 'https://scratch.mit.edu/';

describe('links in notes and in a project’s text from Scratch', () => {
  it('link Scratch projects, studios, users and discussion topics, rebuilding the address', () => {
    expect(linkifyText('Music: https://scratch.mit.edu/projects/123.\nSee scratch.mit.edu/studios/45/comments)')).toEqual([
      [
        { text: 'Music: ' },
        { text: 'https://scratch.mit.edu/projects/123', href: 'https://scratch.mit.edu/projects/123/' },
        { text: '.' },
      ],
      [
        { text: 'See ' },
        { text: 'scratch.mit.edu/studios/45/comments', href: 'https://scratch.mit.edu/studios/45/' },
        { text: ')' },
      ],
    ]);
    expect(linkifyLine('by scratch.mit.edu/users/griffpatch, read https://scratch.mit.edu/discuss/topic/55')).toEqual([
      { text: 'by ' },
      { text: 'scratch.mit.edu/users/griffpatch', href: 'https://scratch.mit.edu/users/griffpatch/' },
      { text: ', read ' },
      { text: 'https://scratch.mit.edu/discuss/topic/55', href: 'https://scratch.mit.edu/discuss/topic/55/' },
    ]);
  });

  it('never link anywhere else, and never interpret markup', () => {
    expect(linkifyText('Music: https://example.com/a.')).toEqual([[{ text: 'Music: https://example.com/a.' }]]);
    expect(linkifyLine('javascript:alert(1) <a href="x">y</a> data:text/html,hi ftp://example.com')).toEqual([
      { text: 'javascript:alert(1) <a href="x">y</a> data:text/html,hi ftp://example.com' },
    ]);
  });

  it.each(TRICKS)('make no link outside Scratch of %j', (text) => {
    for (const piece of linkifyText(text).flat()) {
      if ('href' in piece) expect(piece.href.startsWith(SCRATCH_PREFIX)).toBe(true);
    }
  });

  it.each(TRICKS)('render no link outside Scratch in a note of %j', (text) => {
    const html = renderToStaticMarkup(
      createElement(NoteItem, {
        note: {
          id: 1,
          text,
          author: { id: 2, name: 'kid', avatar: '/avatars/2.png' },
          createdAt: '2026-11-27T12:00:00.000Z',
          mine: false,
          canDelete: false,
          canHide: false,
          hidden: false,
          held: false,
        },
        base: '/api/jams/j/entries/3/notes',
        slug: 'j',
        entryId: 3,
        loggedIn: true,
        onDeleted: () => {},
        onChanged: () => {},
      }),
    );
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1] ?? '');
    for (const href of hrefs) expect(href.startsWith(SCRATCH_PREFIX)).toBe(true);
    expect(html).not.toContain('<a href="x"');
    if (text.includes('discuss')) expect(hrefs).toHaveLength(4);
  });

  it('gives no lines for blank text, joins Windows line ends and drops invisible characters', () => {
    expect(linkifyText('  \n ')).toEqual([]);
    expect(linkifyText('one\r\ntwo')).toEqual([[{ text: 'one' }], [{ text: 'two' }]]);
    expect(linkifyText('sc\u200Bratch')).toEqual([[{ text: 'scratch' }]]);
  });
});
