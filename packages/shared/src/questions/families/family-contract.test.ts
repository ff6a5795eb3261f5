import { describe, expect, it } from 'vitest';
import {
  QUESTION_EXAMPLES,
  QuestionExampleSchema,
  exampleToQuestion,
  questionToExample,
} from '../examples.ts';
import { FAMILY_IDS, type QuestionFamily } from '../family.ts';
import { QuestionSchema, type Question } from '../question.ts';
import { QUESTION_TYPE_REGISTRY, defaultConfig } from '../registry.ts';
import { answerToStudentView, studentViewOf } from '../student-view.ts';
import { FAMILIES } from './index.ts';

/**
 * Every family does everything a family owns, for every type that names it. The compile-time
 * half is FAMILIES' type (a family, or a member of one, missing is a compile error); this is the
 * run-time half.
 */

const SEED = '0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9';
const TYPES = QUESTION_TYPE_REGISTRY.map((type) => [type.id, type] as const);
const familyFor = (family: (typeof FAMILY_IDS)[number]) =>
  FAMILIES[family] as QuestionFamily<unknown, unknown, unknown>;

/** Config keys that hold (or give away) the answer: none may reach a student. */
const ANSWER_KEYS = [
  'correct',
  'acceptedAnswers',
  'accepted',
  'match',
  'distractors',
  'zoneId',
  'answer',
  'modelAnswer',
  'rubric',
];

function keysDeep(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysDeep);
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, inner]) => [key, ...keysDeep(inner)]);
  return [];
}

describe('every family', () => {
  it.each(FAMILY_IDS.map((id) => [id] as const))(
    '%s is registered under its own id and serves a type',
    (id) => {
      expect(FAMILIES[id].id).toBe(id);
      expect(QUESTION_TYPE_REGISTRY.some((type) => type.family === id)).toBe(true);
    },
  );
});

describe.each(TYPES)('%s', (typeId, type) => {
  const family = familyFor(type.family);
  const example = QUESTION_EXAMPLES[typeId];

  it("starts from a default config in the family's config shape (only teacher fields to fill)", () => {
    const config = defaultConfig(typeId);
    const result = family.config.safeParse(config);
    const messages = result.success ? [] : result.error.issues.map((issue) => issue.message);
    for (const message of messages) expect(message).toMatch(/^questions\.errors\./);
    if (type.family === 'open' && !['link', 'survey'].includes(type.responseKind!))
      expect(result.success).toBe(true);
  });

  it("turns its example into a question whose config the family's schema accepts", () => {
    const question = exampleToQuestion(example);
    expect(family.config.safeParse(question.config).success).toBe(true);
    expect(QuestionSchema.safeParse(question).success).toBe(true);
  });

  it('round-trips example → question → example → the same question', () => {
    const question = QuestionSchema.parse(exampleToQuestion(example, 'q1'));
    const written = questionToExample(question);
    expect(QuestionExampleSchema.safeParse(written).success).toBe(true);
    expect(written.type).toBe(example.type);
    expect(written.score).toBe(example.score);
    expect(written.instructions).toBe(example.instructions);
    expect(written.maxWords).toBe(example.maxWords);
    expect(exampleToQuestion(written, 'q1')).toEqual(question);
  });

  it('keeps the expected answer out of the student view', () => {
    const question: Question = QuestionSchema.parse(exampleToQuestion(example, 'q1'));
    const view = studentViewOf(question, SEED);
    const keys = keysDeep(view.config);
    for (const key of ANSWER_KEYS) expect(keys).not.toContain(key);
    const expected = family.expectedAnswer(question.config);
    if (expected === null) return;
    // What the student sees is not already the answer (ordering: the items come scrambled).
    if (type.family === 'ordering') {
      const shownOrder = (view.config.items as { id: string }[]).map((item) => item.id);
      expect(shownOrder).not.toEqual(answerToStudentView(question, SEED, expected));
    }
  });
});
