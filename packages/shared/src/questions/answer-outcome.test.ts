import { describe, expect, it } from 'vitest';
import { answerOutcome, type AnswerMarking } from './answer-outcome.ts';

describe('answerOutcome: one rule for the teacher and the student', () => {
  it.each<[string, AnswerMarking, string]>([
    [
      'an automatically marked answer right in full',
      { markStatus: 'auto', correct: true, score: 2 },
      'correct',
    ],
    ['drag and drop with 3 of 4 places right', { markStatus: 'auto', correct: false, score: 3 }, 'partial'],
    ['an essay the teacher gave 4 of 5', { markStatus: 'marked', correct: false, score: 4 }, 'partial'],
    [
      'an essay the teacher gave all its points',
      { markStatus: 'marked', correct: true, score: 5 },
      'correct',
    ],
    ['an answer that earned nothing', { markStatus: 'auto', correct: false, score: 0 }, 'incorrect'],
    ['an essay the teacher gave 0', { markStatus: 'marked', correct: false, score: 0 }, 'incorrect'],
    ['an essay not marked yet', { markStatus: 'manual', correct: null, score: 0 }, 'pending'],
    ['a survey answer', { markStatus: 'unscored', correct: null, score: 0 }, 'unscored'],
  ])('%s', (_name, marking, outcome) => {
    expect(answerOutcome(marking)).toBe(outcome);
  });
});
