import type { FastifyInstance } from 'fastify';
import {
  answerToStudentView,
  attemptTotals,
  markQuestion,
  QuestionSchema,
  type Question,
} from '@vbuilder/shared';
import {
  assessmentAssignees,
  assessments,
  attemptAnswers,
  attemptFiles,
  attempts,
  type AssessmentRow,
  type AttemptRow,
} from '../../db/schema/index.ts';
import type { QuestionMark } from './submissions.scoring.ts';

/**
 * Test data for submissions: assessments and submitted attempts written straight to the tables,
 * marked with the registry as the submit step does, so these tests need no attempt lifecycle.
 */

/** MCQ (2 pts), True/False (1 pt), Essay (5 pts, open: waits for a teacher), Coding (2 pts, open). */
export const QUESTIONS: Question[] = [
  {
    id: 'q-mcq',
    type: 'multiple-choice',
    text: 'Which planet is known as the Red Planet?',
    score: 2,
    config: {
      options: [
        { id: 'a', text: 'Venus', imageUrl: null },
        { id: 'b', text: 'Mars', imageUrl: null },
        { id: 'c', text: 'Jupiter', imageUrl: null },
      ],
      correct: ['b'],
      multiple: false,
      shuffle: false,
    },
  },
  {
    id: 'q-tf',
    type: 'true-false',
    text: 'Water boils at 100 °C at sea level.',
    score: 1,
    config: { correct: true },
  },
  {
    id: 'q-essay',
    type: 'essay',
    text: 'Explain why the seasons change.',
    score: 5,
    config: {
      responseKind: 'richText',
      modelAnswer: 'The tilt of the Earth’s axis changes the angle of sunlight.',
      rubric: '2 pts axis tilt, 2 pts angle of sunlight, 1 pt clear writing',
    },
  },
  {
    id: 'q-code',
    type: 'coding',
    text: 'Write a function that adds two numbers.',
    score: 2,
    config: {
      responseKind: 'code',
      codeLanguage: 'python',
      starterCode: '',
      modelAnswer: 'def add(a, b):\n    return a + b',
    },
  },
];
for (const q of QUESTIONS) QuestionSchema.parse(q);

export const GOOD_ANSWERS: Record<string, unknown> = {
  'q-mcq': ['b'],
  'q-tf': true,
  'q-essay': { text: '<p>The Earth is tilted on its axis.</p>' },
  'q-code': { code: 'def add(a, b):\n    return a + b' },
};
export const OBJECTIVE_ONLY: Record<string, unknown> = { 'q-mcq': ['b'], 'q-tf': true };

export async function makeAssessment(
  app: FastifyInstance,
  organizationId: string,
  overrides: Partial<typeof assessments.$inferInsert> & { selected?: string[] } = {},
): Promise<AssessmentRow> {
  const { selected, ...values } = overrides;
  const questions = (values.questions as Question[] | undefined) ?? QUESTIONS;
  const [row] = await app.db
    .insert(assessments)
    .values({
      organizationId,
      title: 'Science quiz',
      subject: 'Science',
      difficulty: 'Easy',
      generationType: 'manual',
      passMark: 50,
      status: 'published',
      questions,
      totalMarks: questions.reduce((sum, q) => sum + q.score, 0),
      assignmentMode: selected ? 'selected' : 'all',
      ...values,
    })
    .returning();
  if (selected?.length) {
    await app.db
      .insert(assessmentAssignees)
      .values(selected.map((studentId) => ({ assessmentId: row!.id, studentId })));
  }
  return row!;
}

/**
 * A submitted attempt with these answers (question id → answer in the question's own ids;
 * missing ones unanswered), marked by the registry like the submit step (a mark stored for every
 * question): open answers with content wait for a teacher. Answers are stored as students send
 * them: in their view's ids.
 */
export async function submitAttempt(
  app: FastifyInstance,
  assessment: AssessmentRow,
  studentId: string,
  answers: Record<string, unknown>,
  options: { number?: number; submittedAt?: Date; files?: { questionId: string; name: string }[] } = {},
): Promise<AttemptRow> {
  const questions = assessment.questions as Question[];
  const submittedAt = options.submittedAt ?? new Date();
  const marks = new Map<string, QuestionMark & { details?: Record<string, boolean> }>();
  for (const q of questions) {
    const result = markQuestion(q, answers[q.id] ?? null);
    marks.set(q.id, {
      score: result.score,
      max: result.max,
      correct: result.correct,
      markStatus: result.status,
    });
  }
  const totals = attemptTotals([...marks.values()], assessment.passMark);
  const [attempt] = await app.db
    .insert(attempts)
    .values({
      organizationId: assessment.organizationId,
      assessmentId: assessment.id,
      studentId,
      number: options.number ?? 1,
      status: 'submitted',
      questions,
      startedAt: new Date(submittedAt.getTime() - 10 * 60_000),
      submittedAt,
      submittedBy: 'student',
      passMark: assessment.passMark,
      revision: 1,
      ...totals,
    })
    .returning();
  // Like the submit step: a marked row for every question, one never answered with no answer.
  await app.db.insert(attemptAnswers).values(
    questions.map((q) => {
      const mark = marks.get(q.id)!;
      const answered = q.id in answers;
      return {
        attemptId: attempt!.id,
        questionId: q.id,
        answer: answered ? answerToStudentView(q, attempt!.shuffleSeed, answers[q.id]) : null,
        revision: answered ? 1 : 0,
        idempotencyKey: answered ? crypto.randomUUID() : '',
        savedAt: submittedAt,
        score: mark.score,
        maxScore: mark.max,
        correct: mark.correct,
        markStatus: mark.markStatus,
      };
    }),
  );
  for (const file of options.files ?? []) {
    await app.db.insert(attemptFiles).values({
      attemptId: attempt!.id,
      questionId: file.questionId,
      name: file.name,
      contentType: 'application/pdf',
      size: 1234,
      storageKey: `attempts/${attempt!.id}/${crypto.randomUUID()}`,
    });
  }
  return attempt!;
}

/** An attempt still being taken (not a submission). */
export async function startAttempt(app: FastifyInstance, assessment: AssessmentRow, studentId: string) {
  const [attempt] = await app.db
    .insert(attempts)
    .values({
      organizationId: assessment.organizationId,
      assessmentId: assessment.id,
      studentId,
      number: 1,
      questions: assessment.questions,
      startedAt: new Date(),
      passMark: assessment.passMark,
    })
    .returning();
  return attempt!;
}
