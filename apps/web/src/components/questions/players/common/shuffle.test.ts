import { describe, expect, it } from 'vitest';
import { seededScramble, seededShuffle } from './shuffle.ts';

const letters = ['a', 'b', 'c', 'd', 'e', 'f'];

describe('seededShuffle', () => {
  it('gives the same order for the same seed, a permutation of the items', () => {
    const first = seededShuffle(letters, 'question-1');
    expect(seededShuffle(letters, 'question-1')).toEqual(first);
    expect([...first].sort()).toEqual(letters);
  });

  it('mixes different seeds differently and leaves its input alone', () => {
    const copy = [...letters];
    const orders = new Set(['q1', 'q2', 'q3', 'q4', 'q5'].map((seed) => seededShuffle(copy, seed).join('')));
    expect(orders.size).toBeGreaterThan(1);
    expect(copy).toEqual(letters);
  });
});

describe('seededScramble', () => {
  it('never returns the original order of two or more items', () => {
    for (let i = 0; i < 200; i += 1) {
      expect(seededScramble(['x', 'y'], `seed-${i}`)).toEqual(['y', 'x']);
      expect(seededScramble(letters, `seed-${i}`)).not.toEqual(letters);
    }
    expect(seededScramble(['only'], 's')).toEqual(['only']);
    expect(seededScramble([], 's')).toEqual([]);
  });
});
