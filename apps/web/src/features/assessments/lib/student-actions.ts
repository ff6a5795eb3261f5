import type { AssessmentSummary } from '@vbuilder/shared';
import { assessmentPaths } from './assessment-paths.ts';

export type StudentActionKind = 'take' | 'continue' | 'results' | 'retake';

export interface StudentAction {
  kind: StudentActionKind;
  href: string;
}

/** Why a student has nothing to start: the window has not opened yet, or it has closed. */
export type UnavailableReason = 'notOpenYet' | 'closed' | null;

export interface StudentActions {
  actions: StudentAction[];
  unavailable: UnavailableReason;
}

type Row = Pick<AssessmentSummary, 'id' | 'allowRetake' | 'timing' | 'myAttempts'>;

/**
 * What a student may do with an assessment of the list (docs/product/screens.md, docs/product/roles.md):
 * - an attempt in progress: Continue it (never start a second one);
 * - nothing submitted and the server says an attempt may start: Take Assessment;
 * - something submitted: View Results, and Retake Quiz when retakes are allowed and it may start;
 * - otherwise nothing to start, with the reason (not open yet, or closed) when there is one.
 */
export function studentActionsOf(row: Row, userId: string): StudentActions {
  const mine = row.myAttempts;
  if (!mine) return { actions: [], unavailable: null };
  const actions: StudentAction[] = [];
  if (mine.inProgressAttemptId) {
    actions.push({ kind: 'continue', href: assessmentPaths.take(userId, row.id) });
  } else if (mine.submitted === 0 && mine.canStart) {
    actions.push({ kind: 'take', href: assessmentPaths.take(userId, row.id) });
  }
  if (mine.submitted > 0) {
    actions.push({ kind: 'results', href: assessmentPaths.results(userId, row.id) });
    if (row.allowRetake && mine.canStart && !mine.inProgressAttemptId) {
      actions.push({ kind: 'retake', href: assessmentPaths.retake(userId, row.id) });
    }
  }
  const canDoSomethingNew = actions.some((a) => a.kind !== 'results');
  let unavailable: UnavailableReason = null;
  if (!canDoSomethingNew && mine.submitted === 0) {
    if (row.timing === 'upcoming') unavailable = 'notOpenYet';
    else if (row.timing === 'past') unavailable = 'closed';
  }
  return { actions, unavailable };
}
