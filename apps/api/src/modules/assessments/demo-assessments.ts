import {
  exampleToQuestion,
  QUESTION_EXAMPLES,
  QuestionSchema,
  type Question,
  type QuestionTypeId,
} from '@vbuilder/shared';
import type { DbOrTx } from '../../db/client.ts';
import { insertAssessment } from './assessments.repository.ts';

/** One type per family, so the demo shows choice, true/false, gaps, pairs, ordering and an open answer. */
const PUBLISHED_TYPES: QuestionTypeId[] = [
  'multiple-choice',
  'true-false',
  'fill-in-the-blanks',
  'matching-pairs',
  'timeline-assignments',
  'essay',
];
const DRAFT_TYPES: QuestionTypeId[] = ['short-answers', 'drag-and-drop'];

const DAY = 24 * 60 * 60 * 1000;

/** Questions built from the types' examples with the shared converter, checked like any saved question. */
const questionsOf = (types: QuestionTypeId[]): Question[] =>
  types.map((type, i) => QuestionSchema.parse(exampleToQuestion(QUESTION_EXAMPLES[type], `q${i + 1}`)));

const totalOf = (questions: Question[]) => questions.reduce((sum, q) => sum + q.score, 0);

/**
 * The demo organization's sample assessments, written by its Teacher: one published, open for
 * 30 days from now and assigned to every student, so the student account has something to take;
 * one draft, so the teacher account has something to finish.
 */
export async function seedDemoAssessments(
  tx: DbOrTx,
  organizationId: string,
  teacherId: string,
  now: Date,
): Promise<void> {
  const published = questionsOf(PUBLISHED_TYPES);
  await insertAssessment(tx, {
    organizationId,
    createdBy: teacherId,
    title: 'General knowledge check',
    subject: 'General studies',
    difficulty: 'Easy',
    generationType: 'manual',
    startsAt: now,
    endsAt: new Date(now.getTime() + 30 * DAY),
    passMark: 50,
    instructions: 'Answer every question. You can change your answers until you submit.',
    allowRetake: true,
    instructor: 'Tom Teacher',
    status: 'published',
    assignmentMode: 'all',
    questions: published,
    totalMarks: totalOf(published),
    createdAt: now,
    updatedAt: now,
  });
  const draft = questionsOf(DRAFT_TYPES);
  await insertAssessment(tx, {
    organizationId,
    createdBy: teacherId,
    title: 'Science vocabulary (draft)',
    subject: 'Science',
    difficulty: 'Medium',
    generationType: 'manual',
    passMark: 60,
    instructor: 'Tom Teacher',
    status: 'draft',
    assignmentMode: 'all',
    questions: draft,
    totalMarks: totalOf(draft),
    createdAt: now,
    updatedAt: now,
  });
}
