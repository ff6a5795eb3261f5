import type { AnswerMarkStatus, MarkingStatus } from '../schemas/attempts.ts';
import { roundScore } from './family.ts';

/** One question's mark as it counts towards an attempt's totals. */
export interface TotalsMark {
  score: number;
  max: number;
  markStatus: AnswerMarkStatus;
}

/** An attempt's figures: what the attempt row stores and every result shows. */
export interface AttemptTotals {
  /** While pending: the provisional score of what was marked automatically. */
  score: number;
  maxScore: number;
  /** 0..100, two decimals. */
  percentage: number;
  /** null while a teacher still has to mark an open answer: the attempt is not decided. */
  passed: boolean | null;
  markingStatus: MarkingStatus;
}

/**
 * An attempt's totals from its questions' marks, at submit and after every teacher's mark alike.
 * 'pending' while an answer waits for a teacher (then `passed` is null), 'marked' once a teacher
 * has marked something and nothing waits, 'auto' otherwise. Surveys count for nothing; an
 * attempt that can score nothing at all (only surveys) cannot be failed: 100 %.
 */
export function attemptTotals(marks: readonly TotalsMark[], passMark: number): AttemptTotals {
  const score = roundScore(marks.reduce((sum, m) => sum + m.score, 0));
  const maxScore = roundScore(marks.reduce((sum, m) => sum + m.max, 0));
  const percentage = maxScore > 0 ? roundScore((score / maxScore) * 100) : 100;
  const markingStatus: MarkingStatus = marks.some((m) => m.markStatus === 'manual')
    ? 'pending'
    : marks.some((m) => m.markStatus === 'marked')
      ? 'marked'
      : 'auto';
  return {
    score,
    maxScore,
    percentage,
    passed: markingStatus === 'pending' ? null : percentage >= passMark,
    markingStatus,
  };
}
