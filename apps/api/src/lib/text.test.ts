import { describe, expect, it } from 'vitest';
import { blankToNull, containsPattern } from './text.ts';

describe('blankToNull', () => {
  it('trims a text and stores nothing for blanks', () => {
    expect(blankToNull('  +66 2 123 4567 ')).toBe('+66 2 123 4567');
    expect(blankToNull('   ')).toBeNull();
    expect(blankToNull('')).toBeNull();
    expect(blankToNull(undefined)).toBeNull();
    expect(blankToNull(null)).toBeNull();
  });
});

describe('containsPattern', () => {
  it('matches anywhere and takes the wildcards and the escape literally', () => {
    expect(containsPattern('ada')).toBe('%ada%');
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
