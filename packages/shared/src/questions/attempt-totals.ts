import type { AnswerMarkStatus, MarkingStatus } from '../schemas/attempts.ts';
import type { SubmissionStatus } from '../schemas/submission-statuses.ts';
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

/** A stored marking status as the API answers it ('auto' when none was stored). */
export const markingStatusOf = (stored: string | null): MarkingStatus =>
  stored === 'pending' || stored === 'marked' ? stored : 'auto';

/** docs/product/data.md's status of a submission: Pending while open answers wait for a teacher. */
export const submissionStatusOf = (markingStatus: string | null): SubmissionStatus =>
  markingStatus === 'pending' ? 'Pending' : 'Submitted';

/** The totals as an attempt stores them (null before it is submitted). */
export interface StoredTotals {
  markingStatus: string | null;
  score: number | null;
  maxScore: number | null;
  percentage: number | null;
  passed: boolean | null;
}

/**
 * A submitted attempt's status and figures as every result shows them (the student's, the
 * teacher's lists and detail, the exports): no pass or fail while pending.
 */
export const submissionFigures = (attempt: StoredTotals) => ({
  status: submissionStatusOf(attempt.markingStatus),
  score: attempt.score ?? 0,
  maxScore: attempt.maxScore ?? 0,
  percentage: attempt.percentage ?? 0,
  passed: attempt.markingStatus === 'pending' ? null : (attempt.passed ?? null),
});
