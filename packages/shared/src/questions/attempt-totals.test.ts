import { describe, expect, it } from 'vitest';
import { attemptTotals, markingStatusOf, submissionFigures, type TotalsMark } from './attempt-totals.ts';

const m = (score: number, max: number, markStatus: TotalsMark['markStatus']): TotalsMark => ({
  score,
  max,
  markStatus,
});

describe('attemptTotals', () => {
  it.each([
    [
      'all automatic, passed',
      [m(2, 2, 'auto'), m(1, 1, 'auto')],
      50,
      { score: 3, maxScore: 3, percentage: 100, passed: true, markingStatus: 'auto' },
    ],
    [
      'all automatic, failed',
      [m(0, 2, 'auto'), m(1, 1, 'auto')],
      50,
      { score: 1, maxScore: 3, percentage: 33.33, passed: false, markingStatus: 'auto' },
    ],
    [
      'waiting for a teacher: not decided',
      [m(2, 2, 'auto'), m(0, 5, 'manual')],
      10,
      { score: 2, maxScore: 7, percentage: 28.57, passed: null, markingStatus: 'pending' },
    ],
    [
      'marked by a teacher',
      [m(2, 2, 'auto'), m(2.5, 5, 'marked')],
      60,
      { score: 4.5, maxScore: 7, percentage: 64.29, passed: true, markingStatus: 'marked' },
    ],
    [
      'still waiting for a teacher after one mark',
      [m(2.5, 5, 'marked'), m(0, 5, 'manual')],
      10,
      { score: 2.5, maxScore: 10, percentage: 25, passed: null, markingStatus: 'pending' },
    ],
    [
      'a survey counts for nothing',
      [m(1, 1, 'auto'), m(0, 0, 'unscored')],
      100,
      { score: 1, maxScore: 1, percentage: 100, passed: true, markingStatus: 'auto' },
    ],
    [
      'nothing to score (only surveys) cannot be failed',
      [m(0, 0, 'unscored')],
      60,
      { score: 0, maxScore: 0, percentage: 100, passed: true, markingStatus: 'auto' },
    ],
    [
      'nothing to score, a survey marked by a teacher: still not failed',
      [m(0, 0, 'marked'), m(0, 0, 'unscored')],
      100,
      { score: 0, maxScore: 0, percentage: 100, passed: true, markingStatus: 'marked' },
    ],
    [
      'the pass mark itself passes',
      [m(1, 2, 'auto')],
      50,
      { score: 1, maxScore: 2, percentage: 50, passed: true, markingStatus: 'auto' },
    ],
    [
      'partial credit rounds to two decimals',
      [m(0.1, 1, 'auto'), m(0.2, 1, 'auto'), m(0, 1, 'auto')],
      10,
      { score: 0.3, maxScore: 3, percentage: 10, passed: true, markingStatus: 'auto' },
    ],
  ] as const)('%s', (_name, marks, passMark, expected) => {
    expect(attemptTotals(marks, passMark)).toEqual(expected);
  });
});

describe('submissionFigures', () => {
  it('shows no pass or fail while a teacher still has to mark', () => {
    expect(
      submissionFigures({
        markingStatus: 'pending',
        score: 2,
        maxScore: 7,
        percentage: 28.57,
        passed: false,
      }),
    ).toEqual({ status: 'Pending', score: 2, maxScore: 7, percentage: 28.57, passed: null });
  });
  it('shows the stored figures once decided, zeros when none were stored', () => {
    expect(
      submissionFigures({
        markingStatus: 'marked',
        score: 4.5,
        maxScore: 7,
        percentage: 64.29,
        passed: true,
      }),
    ).toEqual({ status: 'Submitted', score: 4.5, maxScore: 7, percentage: 64.29, passed: true });
    expect(
      submissionFigures({ markingStatus: null, score: null, maxScore: null, percentage: null, passed: null }),
    ).toEqual({ status: 'Submitted', score: 0, maxScore: 0, percentage: 0, passed: null });
  });
  it('answers auto for a marking status it does not know', () => {
    expect([
      markingStatusOf('pending'),
      markingStatusOf('marked'),
      markingStatusOf(null),
      markingStatusOf('x'),
    ]).toEqual(['pending', 'marked', 'auto', 'auto']);
  });
});
