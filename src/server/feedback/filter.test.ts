import { describe, expect, it } from 'vitest';
import { checkNote } from './filter';

describe('the note filter', () => {
  it.each([
    'Great game! The jump feels just right.',
    'My best score is 42 coins, beat that :)',
    'Try my remix https://scratch.mit.edu/projects/123456789',
    'Try my remix https://scratch.mit.edu/projects/123456789/',
    'Look: scratch.mit.edu/projects/123456789 and www.scratch.mit.edu/studios/34567/',
    'HTTPS://SCRATCH.MIT.EDU/PROJECTS/1234567890 is the sequel!',
    'Join our studio (https://scratch.mit.edu/studios/456/comments).',
    'It ends with scratch.mit.edu/projects/987654321.',
    'I liked it.It was fun, e.g. the level 1-2-3 part.',
    'Level 12345 in 2 minutes, in 2024',
    'The classic assassin level in Scunthorpe',
  ])('keeps %j', (text) => {
    expect(checkNote(text)).toBeNull();
  });

  it.each([
    ['Play it on https://example.com/game', 'link'],
    ['visit example.com', 'link'],
    ['visit EXAMPLE.COM/', 'link'],
    ['go to www.coolgames', 'link'],
    ['http://scratch.mit.edu.evil.io/projects/1', 'link'],
    ['https://scratch.mit.edu/users/somebody', 'link'],
    ['scratch.mit.edu/projects/123?ref=https://x', 'link'],
    ['https://evil.com/scratch.mit.edu/projects/1', 'link'],
    ['https://scratch.mit.edu@evil.com/projects/1', 'email'],
    ['scratch.mit.edu/projects/123.evil.com', 'link'],
    ['join discord.gg/abc', 'link'],
    ['ftp://files', 'link'],
    ['mail me at kid@example.org', 'email'],
    ['MAIL ME: Kid.Name+games@Example.CO.UK', 'email'],
    ['call 5551234567', 'phone'],
    ['call 555-123-4567', 'phone'],
    ['call (555) 123 45 67', 'phone'],
    ['+36 30 123 4567', 'phone'],
    ['１２３４５６７', 'phone'],
    ['you are a b1tch', 'word'],
    ['this is sh1t', 'word'],
    ['SHIT', 'word'],
  ])('refuses %j for its %s', (text, rule) => {
    expect(checkNote(text)).toBe(rule);
  });

  it('refuses the administrators’ words where a word starts, in any case and language', () => {
    const words = ['poop', 'csúnya szó', 'meanie'];
    expect(checkNote('poopy head', words)).toBe('word');
    expect(checkNote('You MEANIE', words)).toBe('word');
    expect(checkNote('ez egy Csúnya szó volt', words)).toBe('word');
    expect(checkNote('m3anie', words)).toBe('word');
    expect(checkNote('nincompoop', words)).toBeNull();
    expect(checkNote('poopy head', [])).toBeNull();
  });

  it('says e-mail before link, and link before phone, when a note breaks several rules', () => {
    expect(checkNote('kid@example.com or example.com or 5551234567')).toBe('email');
    expect(checkNote('example.com or 5551234567')).toBe('link');
  });
});
