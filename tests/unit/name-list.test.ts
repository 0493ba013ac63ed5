import { describe, expect, it } from 'vitest';
import { listParts } from '#lib/name-list';

describe('listParts', () => {
  it('puts commas and the word for "and" between names in each language', () => {
    expect(listParts('en', 1)).toEqual([0]);
    expect(listParts('en', 2)).toEqual([0, ' and ', 1]);
    expect(listParts('en', 3)).toEqual([0, ', ', 1, ' and ', 2]);
    expect(listParts('hu', 3)).toEqual([0, ', ', 1, ' és ', 2]);
    expect(listParts('ir', 2)).toEqual([0, ' agus ', 1]);
  });
});
