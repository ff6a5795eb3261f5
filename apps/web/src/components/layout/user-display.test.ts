import { describe, expect, it } from 'vitest';
import { initialsOf } from './user-display.ts';

describe('initialsOf (docs/product/screens.md avatar)', () => {
  it.each([
    ['Ada Lovelace', 'AL'],
    ['ada lovelace byron', 'AL'],
    ['  Grace   Hopper ', 'GH'],
    ['Plato', 'P'],
    ['', 'U'],
    ['   ', 'U'],
    [null, 'U'],
    [undefined, 'U'],
    ['Émile Zola', 'ÉZ'],
    ['𝒜lice Smith', '𝒜S'],
  ])('%j → %s', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});
