import { describe, expect, it } from 'vitest';
import { essayQuestion, mcqQuestion } from '../test-utils.ts';
import { initialEntries, marksToSubmit, scoreError, validateEntries } from './marking.ts';

describe('marking form rules', () => {
  const essay = essayQuestion();
  const mcq = mcqQuestion();

  it.each([
    ['', true, 'errors.scoreRequired'],
    ['', false, undefined],
    [-1, true, 'errors.scoreRange'],
    [5.5, true, 'errors.scoreRange'],
    [2.25, true, 'errors.scoreStep'],
    [0, true, undefined],
    [2.5, true, undefined],
    [5, true, undefined],
  ] as const)('score %s (required %s) → %s', (score, required, key) => {
    expect(scoreError(essay, score, required)?.key).toBe(key);
  });

  it('starts with empty scores for answers waiting and the current marks elsewhere', () => {
    expect(initialEntries([mcq, essay])).toEqual({
      q1: { score: 2, feedback: '' },
      q2: { score: '', feedback: '' },
    });
  });

  it('requires a score for the waiting answer only', () => {
    const entries = initialEntries([mcq, essay]);
    expect(validateEntries([mcq, essay], entries)).toEqual({
      q2: { score: { key: 'errors.scoreRequired' } },
    });
  });

  it('sends the waiting answers and only the automatic marks the teacher changed', () => {
    const entries = initialEntries([mcq, essay]);
    entries.q2 = { score: 4.5, feedback: '  Good work  ' };
    expect(marksToSubmit([mcq, essay], entries)).toEqual([
      { questionId: 'q2', score: 4.5, feedback: 'Good work', expectedMarkedAt: null },
    ]);
    entries.q1 = { score: 1, feedback: '' };
    expect(marksToSubmit([mcq, essay], entries)).toEqual([
      { questionId: 'q1', score: 1, feedback: '', expectedMarkedAt: null },
      { questionId: 'q2', score: 4.5, feedback: 'Good work', expectedMarkedAt: null },
    ]);
  });

  it("sends the mark time the teacher saw, so someone else's later mark is not overwritten", () => {
    const marked = {
      ...essay,
      needsMarking: false,
      markStatus: 'marked' as const,
      score: 3,
      markedAt: '2026-11-26T10:00:00.000Z',
    };
    const entries = initialEntries([marked]);
    entries.q2 = { score: 4, feedback: '' };
    expect(marksToSubmit([marked], entries)).toEqual([
      { questionId: 'q2', score: 4, feedback: '', expectedMarkedAt: '2026-11-26T10:00:00.000Z' },
    ]);
  });
});
