import type {
  MarkingView,
  StudentStatusEntry,
  SubmissionDetail,
  SubmissionList,
  SubmissionQuestion,
  SubmissionSummary,
} from '@vbuilder/shared';

export const STUDENT = { id: 'student-1', name: 'Amina Njeri', email: 'amina@school.test' };

export function makeSummary(overrides: Partial<SubmissionSummary> = {}): SubmissionSummary {
  return {
    attemptId: 'attempt-1',
    student: STUDENT,
    number: 1,
    submittedAt: '2025-03-04T09:30:00.000Z',
    submittedBy: 'student',
    status: 'Pending',
    score: 2,
    maxScore: 7,
    percentage: 28.57,
    passed: null,
    ...overrides,
  };
}

export function makeList(
  items: SubmissionSummary[],
  stats: Partial<SubmissionList['stats']> = {},
): SubmissionList {
  return {
    items,
    total: items.length,
    page: 1,
    pageSize: 20,
    stats: {
      assigned: 3,
      submitted: items.length,
      studentsSubmitted: items.length,
      passed: 1,
      passRate: 50,
      pendingMarking: 1,
      averagePercentage: 64.29,
      ...stats,
    },
  };
}

export function makeStudentStatus(overrides: Partial<StudentStatusEntry> = {}): StudentStatusEntry {
  return {
    student: STUDENT,
    status: 'Submitted',
    attempts: 1,
    bestPercentage: 28.57,
    lastSubmittedAt: '2025-03-04T09:30:00.000Z',
    pendingMarking: true,
    inProgress: null,
    ...overrides,
  };
}

/** A multiple-choice question answered right (2 points). */
export function mcqQuestion(overrides: Partial<SubmissionQuestion> = {}): SubmissionQuestion {
  const question = {
    id: 'q1',
    type: 'multiple-choice' as const,
    text: 'Which gas do plants take in?',
    score: 2,
    config: {
      options: [
        { id: 'a', text: 'Oxygen' },
        { id: 'b', text: 'Carbon dioxide' },
      ],
      correct: ['b'],
      multiple: false,
      shuffle: false,
    },
  };
  return {
    id: 'q1',
    text: question.text,
    type: 'multiple-choice',
    family: 'choice',
    question,
    max: 2,
    score: 2,
    correct: true,
    markStatus: 'auto',
    needsMarking: false,
    answer: ['b'],
    expectedAnswer: ['b'],
    modelAnswer: null,
    rubric: null,
    codeLanguage: null,
    feedback: null,
    markedBy: null,
    markedAt: null,
    files: [],
    ...overrides,
  };
}

/** An essay waiting for a teacher (5 points). */
export function essayQuestion(overrides: Partial<SubmissionQuestion> = {}): SubmissionQuestion {
  const question = {
    id: 'q2',
    type: 'essay' as const,
    text: 'Explain photosynthesis.',
    score: 5,
    config: {
      responseKind: 'richText',
      modelAnswer: 'Light becomes chemical energy.',
      rubric: '5: complete',
    },
  };
  return {
    id: 'q2',
    text: question.text,
    type: 'essay',
    family: 'open',
    question,
    max: 5,
    score: 0,
    correct: null,
    markStatus: 'manual',
    needsMarking: true,
    answer: { text: '<p>Plants turn <strong>light</strong> into sugar.</p>' },
    expectedAnswer: { text: 'Light becomes chemical energy.' },
    modelAnswer: 'Light becomes chemical energy.',
    rubric: '5: complete',
    codeLanguage: null,
    feedback: null,
    markedBy: null,
    markedAt: null,
    files: [],
    ...overrides,
  };
}

export function makeDetail(overrides: Partial<SubmissionDetail> = {}): SubmissionDetail {
  return {
    ...makeSummary(),
    assessment: { id: 'assessment-1', title: 'Plants', subject: 'Biology', passMark: 50, totalMarks: 7 },
    markingStatus: 'pending',
    passMark: 50,
    questions: [mcqQuestion(), essayQuestion()],
    ...overrides,
  };
}

export function makeMarkingView(overrides: Partial<MarkingView> = {}): MarkingView {
  return { ...makeDetail(), pendingAnswers: 1, otherAttempts: [], ...overrides };
}
