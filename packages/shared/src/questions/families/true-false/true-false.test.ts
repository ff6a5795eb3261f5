import { describe, expect, it } from 'vitest';
import { trueFalse, TrueFalseConfigSchema } from './index.ts';

describe('trueFalse marking', () => {
  it.each([
    [true, true, 2, true],
    [true, false, 0, false],
    [false, false, 2, true],
    [false, true, 0, false],
  ])('correct %s, answered %s', (correct, answer, score, right) => {
    expect(trueFalse.mark({ correct }, answer, 2)).toEqual({
      score,
      max: 2,
      correct: right,
      status: 'auto',
      details: { answer: right },
    });
  });

  it.each([['true'], [1], [null], [undefined], [{}], [[true]]])('malformed answer %j scores 0', (answer) => {
    expect(trueFalse.mark({ correct: true }, answer, 2)).toEqual({
      score: 0,
      max: 2,
      correct: false,
      status: 'auto',
    });
  });

  it('expects the correct value', () => {
    expect(trueFalse.expectedAnswer({ correct: false })).toBe(false);
  });
});

describe('trueFalse config schema (docs/product/validation.md: True or False chosen)', () => {
  it('requires a boolean', () => {
    expect(TrueFalseConfigSchema.safeParse({ correct: true }).success).toBe(true);
    const result = TrueFalseConfigSchema.safeParse({});
    expect(result.error?.issues[0]?.message).toBe('questions.errors.trueFalseRequired');
    expect(TrueFalseConfigSchema.safeParse({ correct: null }).error?.issues[0]?.message).toBe(
      'questions.errors.trueFalseRequired',
    );
  });
});
