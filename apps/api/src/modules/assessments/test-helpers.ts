import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import {
  AssessmentSchema,
  exampleToQuestion,
  QUESTION_EXAMPLES,
  QuestionSchema,
  type Assessment,
  type AssessmentInput,
  type Question,
  type QuestionTypeId,
} from '@vbuilder/shared';
import type { Clock } from '../../lib/clock.ts';

/** A valid question of a type, built from the type's example (the same converter the seed uses). */
export const questionOf = (type: QuestionTypeId, id = `q-${type}`): Question =>
  QuestionSchema.parse(exampleToQuestion(QUESTION_EXAMPLES[type], id));

/** A valid draft with one multiple-choice question. */
export const assessmentInput = (overrides: Partial<AssessmentInput> = {}): AssessmentInput => ({
  title: 'Fractions check',
  subject: 'Mathematics',
  difficulty: 'Easy',
  generationType: 'manual',
  passMark: 50,
  questions: [questionOf('multiple-choice', 'q1')],
  ...overrides,
});

/** A clock tests set and move. */
export function settableClock(start: string) {
  let current = new Date(start);
  const clock: Clock & { set(iso: string): void; advance(ms: number): void } = {
    now: () => new Date(current),
    set: (iso) => {
      current = new Date(iso);
    },
    advance: (ms) => {
      current = new Date(current.getTime() + ms);
    },
  };
  return clock;
}

export const DAY = 24 * 60 * 60 * 1000;

/** POST /api/assessments, expecting 201; answers the parsed detail. */
export async function createAssessmentAs(
  app: FastifyInstance,
  headers: Record<string, string>,
  overrides: Partial<AssessmentInput> = {},
): Promise<Assessment> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/assessments',
    headers,
    payload: assessmentInput(overrides),
  });
  expect(res.statusCode, res.body).toBe(201);
  return AssessmentSchema.parse(res.json());
}
