import type { FastifyInstance } from 'fastify';
import {
  exampleToQuestion,
  QUESTION_EXAMPLES,
  QuestionSchema,
  type Question,
  type QuestionTypeId,
} from '@vbuilder/shared';
import type { Db } from '../../db/client.ts';
import { assessmentAssignees, assessments, type AssessmentRow } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';

/** Test helpers of the attempts module: a clock tests move, and assessments written straight to the database. */

export interface TestClock extends Clock {
  set(date: Date | string): void;
  advance(ms: number): void;
}

export function testClock(start: Date | string = '2030-03-01T09:00:00Z'): TestClock {
  let now = new Date(start);
  return {
    now: () => new Date(now),
    set: (date) => {
      now = new Date(date);
    },
    advance: (ms) => {
      now = new Date(now.getTime() + ms);
    },
  };
}

/** A valid question of this type from its example (the example's answer is the right one). */
export const questionOf = (type: QuestionTypeId, id: string = type): Question =>
  QuestionSchema.parse(exampleToQuestion(QUESTION_EXAMPLES[type], id));

export interface AssessmentFixture {
  organizationId: string;
  createdBy?: string | null;
  questions?: Question[];
  status?: 'draft' | 'published';
  startsAt?: Date | null;
  endsAt?: Date | null;
  durationMinutes?: number | null;
  allowRetake?: boolean;
  passMark?: number;
  reviewPolicy?: 'never' | 'afterSubmission' | 'afterWindow';
  /** Selected students; absent: every student of the organization. */
  assignees?: string[];
}

export async function insertAssessment(
  db: Db | FastifyInstance['db'],
  fixture: AssessmentFixture,
): Promise<AssessmentRow> {
  const questions = fixture.questions ?? [
    questionOf('multiple-choice', 'q1'),
    questionOf('true-false', 'q2'),
  ];
  const [row] = await db
    .insert(assessments)
    .values({
      organizationId: fixture.organizationId,
      createdBy: fixture.createdBy ?? null,
      title: 'Fractions check',
      subject: 'Mathematics',
      difficulty: 'Easy',
      generationType: 'manual',
      startsAt: fixture.startsAt ?? null,
      endsAt: fixture.endsAt ?? null,
      durationMinutes: fixture.durationMinutes ?? null,
      totalMarks: questions.reduce((sum, q) => sum + q.score, 0),
      passMark: fixture.passMark ?? 50,
      allowRetake: fixture.allowRetake ?? false,
      status: fixture.status ?? 'published',
      reviewPolicy: fixture.reviewPolicy ?? 'afterSubmission',
      assignmentMode: fixture.assignees ? 'selected' : 'all',
      questions,
    })
    .returning();
  if (fixture.assignees?.length) {
    await db
      .insert(assessmentAssignees)
      .values(fixture.assignees.map((studentId) => ({ assessmentId: row!.id, studentId })));
  }
  return row!;
}
