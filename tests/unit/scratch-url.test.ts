import { describe, expect, it } from 'vitest';
import { parseScratchProjectUrl } from '#lib/scratch-url';

describe('Scratch project URLs', () => {
  it.each([
    'https://scratch.mit.edu/projects/123456',
    'https://scratch.mit.edu/projects/123456/',
    'https://scratch.mit.edu/projects/123456/fullscreen',
    'https://scratch.mit.edu/projects/123456/fullscreen/',
    'https://scratch.mit.edu/projects/123456/embed',
    'https://scratch.mit.edu/projects/123456/editor',
    'https://scratch.mit.edu/projects/123456/editor/',
    'https://scratch.mit.edu/projects/123456?utm=x',
    'https://scratch.mit.edu/projects/123456/#player',
    'https://scratch.mit.edu/projects/123456#comments',
    '  https://scratch.mit.edu/projects/123456  ',
  ])('accepts %s', (url) => {
    expect(parseScratchProjectUrl(url)).toBe(123456);
  });

  it.each([
    'http://scratch.mit.edu/projects/123456',
    'https://scratch.mit.edu/projects/',
    'https://scratch.mit.edu/projects/abc',
    'https://scratch.mit.edu/users/griffpatch',
    'https://scratch.mit.edu/projects/123456/remixes',
    'https://scratch.mit.edu.evil.org/projects/123456',
    'https://evil.org/https://scratch.mit.edu/projects/123456',
    'scratch.mit.edu/projects/123456',
    'javascript:alert(1)',
    '',
    'https://scratch.mit.edu/projects/0',
  ])('refuses %s', (url) => {
    expect(parseScratchProjectUrl(url)).toBeNull();
  });
});
