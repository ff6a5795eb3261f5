import { describe, expect, it } from 'vitest';
import type { AssessmentSummary, MyAttempts } from '@vbuilder/shared';
import { studentActionsOf } from './student-actions.ts';

const USER = 'u1';
const row = (
  myAttempts: MyAttempts | null,
  extra: Partial<Pick<AssessmentSummary, 'allowRetake' | 'timing'>> = {},
) => ({ id: 'a1', allowRetake: false, timing: 'ongoing' as const, myAttempts, ...extra });
const attempts = (submitted: number, canStart: boolean, inProgressAttemptId: string | null = null) => ({
  submitted,
  canStart,
  inProgressAttemptId,
});
const kinds = (r: ReturnType<typeof row>) => studentActionsOf(r, USER).actions.map((a) => a.kind);

describe('studentActionsOf', () => {
  it.each([
    ['staff row (no attempts info)', row(null), []],
    ['open, never tried', row(attempts(0, true)), ['take']],
    ['attempt in progress', row(attempts(0, false, 'at1')), ['continue']],
    [
      'in progress after a submission',
      row(attempts(1, false, 'at2'), { allowRetake: true }),
      ['continue', 'results'],
    ],
    ['submitted, no retakes', row(attempts(1, false)), ['results']],
    [
      'submitted, retakes allowed and open',
      row(attempts(2, true), { allowRetake: true }),
      ['results', 'retake'],
    ],
    [
      'submitted, retakes allowed but closed',
      row(attempts(1, false), { allowRetake: true, timing: 'past' }),
      ['results'],
    ],
    ['submitted, open, retakes not allowed', row(attempts(1, true)), ['results']],
    ['not open yet', row(attempts(0, false), { timing: 'upcoming' }), []],
  ] as const)('%s', (_name, r, expected) => {
    expect(kinds(r)).toEqual(expected);
  });

  it('links to the take, retake and results screens of the student', () => {
    const { actions } = studentActionsOf(row(attempts(1, true), { allowRetake: true }), USER);
    expect(actions).toEqual([
      { kind: 'results', href: '/account/user/u1/quiz/a1/my-results' },
      { kind: 'retake', href: '/account/user/u1/quiz/a1/redo' },
    ]);
    expect(studentActionsOf(row(attempts(0, true)), USER).actions).toEqual([
      { kind: 'take', href: '/account/user/u1/quiz/a1' },
    ]);
  });

  it('says why nothing can be started', () => {
    expect(studentActionsOf(row(attempts(0, false), { timing: 'upcoming' }), USER).unavailable).toBe(
      'notOpenYet',
    );
    expect(studentActionsOf(row(attempts(0, false), { timing: 'past' }), USER).unavailable).toBe('closed');
    expect(studentActionsOf(row(attempts(0, true)), USER).unavailable).toBeNull();
    // Results are there to see: nothing to explain.
    expect(studentActionsOf(row(attempts(1, false), { timing: 'past' }), USER).unavailable).toBeNull();
  });
});
