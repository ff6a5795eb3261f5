import type { AssessmentList, AssessmentSummary, AssessmentUsage } from '@vbuilder/shared';

export const ORGANIZATION_ID = '5f0c1c2a-8f7e-4d3b-a1a2-9c8b7d6e5f40';
export const TEACHER = { id: 'teacher-1', role: 'Teacher', organizationId: ORGANIZATION_ID };
export const STUDENT = { id: 'student-1', role: 'Student', organizationId: ORGANIZATION_ID };

let sequence = 0;
/** A list row as the API sends it (staff: myAttempts null). */
export function makeAssessment(overrides: Partial<AssessmentSummary> = {}): AssessmentSummary {
  sequence += 1;
  return {
    id: `a1b2c3d4-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    title: `Assessment ${sequence}`,
    subject: 'Mathematics',
    difficulty: 'Medium',
    generationType: 'manual',
    status: 'published',
    timing: 'ongoing',
    startsAt: '2026-11-20T08:00:00.000Z',
    endsAt: '2026-11-30T17:00:00.000Z',
    dueAt: null,
    durationMinutes: null,
    allowRetake: false,
    passMark: 50,
    totalMarks: 10,
    questionCount: 5,
    createdBy: { id: TEACHER.id, name: 'Tess Teacher' },
    createdAt: '2026-11-01T09:00:00.000Z',
    updatedAt: '2026-11-01T09:00:00.000Z',
    myAttempts: null,
    ...overrides,
  };
}

export const pageOf = (items: AssessmentSummary[], extra: Partial<AssessmentList> = {}): AssessmentList => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 20,
  ...extra,
});

/** The Free package with `used` of its 5 assessments this month. */
export function makeUsage(used: number, overrides: Partial<AssessmentUsage> = {}): AssessmentUsage {
  return {
    plan: {
      name: 'Free',
      productName: 'Vbuilder Free',
      monthlyAssessments: 5,
      allowedTypes: [
        'multiple-choice',
        'true-false',
        'fill-in-the-blanks',
        'matching-pairs',
        'short-answers',
      ],
    },
    status: 'free',
    usedThisMonth: used,
    remaining: Math.max(0, 5 - used),
    limitReached: used >= 5,
    resetsAt: '2026-12-01T00:00:00.000Z',
    ...overrides,
  };
}

/** The query string of a request path, as an object. */
export const queryOf = (path: string) => Object.fromEntries(new URL(path, 'http://x').searchParams);
