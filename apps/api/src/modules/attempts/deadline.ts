import { extraMinutesOf } from '@vbuilder/shared';
import type { AccommodationRow, AssessmentRow } from '../../db/schema/index.ts';

/** What of an accommodation moves a student's window and deadline. */
export type AccommodationTerms = Pick<
  AccommodationRow,
  'extraMinutes' | 'extraPercent' | 'startsAt' | 'endsAt'
>;

type Timed = Pick<AssessmentRow, 'startsAt' | 'endsAt' | 'durationMinutes'>;

/** The window this student may start in: their own (either end) where they have one, else the assessment's. */
export function windowFor(
  assessment: Pick<AssessmentRow, 'startsAt' | 'endsAt'>,
  accommodation?: AccommodationTerms | null,
): { startsAt: Date | null; endsAt: Date | null } {
  return {
    startsAt: accommodation?.startsAt ?? assessment.startsAt,
    endsAt: accommodation?.endsAt ?? assessment.endsAt,
  };
}

/**
 * An accommodation's extra time in milliseconds. A percentage is of the duration; an assessment
 * without one is limited by its window only, so the percentage is of the window's length then
 * (nothing when it has no start to measure from).
 */
export function extraMsFor(assessment: Timed, accommodation?: AccommodationTerms | null): number {
  if (!accommodation) return 0;
  const window = windowFor(assessment, accommodation);
  const windowMinutes =
    window.startsAt && window.endsAt ? (window.endsAt.getTime() - window.startsAt.getTime()) / 60_000 : null;
  return Math.round(extraMinutesOf(accommodation, assessment.durationMinutes ?? windowMinutes) * 60_000);
}

/**
 * When the attempt must end: the window's end, or the start plus the duration, whichever is first;
 * then the student's extra time on top (it lengthens whichever limit applies: a student with +15
 * minutes who starts late still gets 15 minutes past the others' closing time).
 */
export function deadlineFor(
  assessment: Timed,
  start: Date,
  accommodation?: AccommodationTerms | null,
): Date | null {
  const { endsAt } = windowFor(assessment, accommodation);
  const candidates: number[] = [];
  if (endsAt) candidates.push(endsAt.getTime());
  if (assessment.durationMinutes) candidates.push(start.getTime() + assessment.durationMinutes * 60_000);
  if (!candidates.length) return null;
  return new Date(Math.min(...candidates) + extraMsFor(assessment, accommodation));
}
