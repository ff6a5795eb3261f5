import JSON5 from 'json5';
import { describe, expect, it } from 'vitest';
import {
  ExampleFormatError,
  QUESTION_EXAMPLES,
  QUESTION_EXAMPLE_LIST,
  QuestionExampleSchema,
  exampleAsJson5Text,
  exampleToQuestion,
  exampleTypeId,
  parseQuestionExample,
  type QuestionExample,
} from './examples.ts';
import { familyOf, getQuestionType, markQuestion } from './registry.ts';
import { QuestionSchema } from './question.ts';
import { QUESTION_TYPES } from './types.ts';

const cases = QUESTION_EXAMPLE_LIST.map(({ typeId, example }) => [typeId, example] as const);

describe('question examples', () => {
  it('has one example per type, in the order of the types', () => {
    expect(QUESTION_EXAMPLE_LIST.map((e) => e.typeId)).toEqual(QUESTION_TYPES.map((t) => t.id));
    expect(Object.keys(QUESTION_EXAMPLES)).toHaveLength(QUESTION_TYPES.length);
  });

  it.each(cases)(
    '%s: docs/product/data.md shape, score 2..40, maxWords only for Short Answers',
    (typeId, example) => {
      expect(QuestionExampleSchema.parse(example)).toEqual(example);
      expect(example.type).toBe(getQuestionType(typeId).name);
      expect(exampleTypeId(example)).toBe(typeId);
      expect(example.score).toBeGreaterThanOrEqual(2);
      expect(example.score).toBeLessThanOrEqual(40);
      if (typeId === 'short-answers') expect(example.maxWords).toBe(50);
      else expect(example).not.toHaveProperty('maxWords');
    },
  );

  it.each(cases)('%s: the JSON5 text parses (with json5) back to the example', (_typeId, example) => {
    const text = exampleAsJson5Text(example);
    expect(JSON5.parse(text)).toEqual(example);
    expect(parseQuestionExample(text)).toEqual({ ok: true, value: example });
    // Teacher-friendly: unquoted keys, single-quoted strings, trailing commas.
    expect(text).toMatch(/^\s+type: '/m);
    expect(text).toMatch(/,\n}$/);
  });

  it.each(cases)(
    '%s: maps to a valid question of its type whose expected answer earns full marks',
    (typeId, example) => {
      const question = QuestionSchema.parse(exampleToQuestion(example));
      expect(question.type).toBe(typeId);
      expect(question.score).toBe(example.score);
      const family = familyOf(typeId);
      const expected = family.expectedAnswer(question.config);
      if (getQuestionType(typeId).responseKind === 'survey') {
        // No right answer: any choice counts for nothing.
        const choice = (question.config as { surveyOptions: string[] }).surveyOptions[0];
        expect(markQuestion(question, { choices: [choice] })).toMatchObject({ status: 'unscored', max: 0 });
        return;
      }
      const result = markQuestion(question, expected);
      if (family.id === 'open') {
        expect(expected).not.toBeNull();
        expect(result).toMatchObject({ status: 'manual', correct: null, max: example.score });
      } else {
        expect(result).toMatchObject({
          score: example.score,
          max: example.score,
          correct: true,
          status: 'auto',
        });
      }
    },
  );

  it('keeps the Drag & Drop, Annotated Texts and VR shapes the examples page renders', () => {
    expect(QUESTION_EXAMPLES['drag-and-drop'].options).toEqual({
      dragItems: expect.any(Array),
      dropZones: expect.any(Array),
    });
    const annotated = QUESTION_EXAMPLES['annotated-texts'].options as { link: string; items: unknown[] };
    expect(annotated.link).toMatch(/^https:\/\//);
    for (const item of annotated.items)
      expect(item).toEqual({ theory: expect.any(String), comment: expect.any(String) });
    const vr = QUESTION_EXAMPLES['vr-assignments'].options as { link: string; tasks: string[] };
    expect(vr.link).toMatch(/^https:\/\//);
    expect(vr.tasks.length).toBeGreaterThan(0);
  });

  it('reads JSON5 a teacher may paste and reports what it cannot read', () => {
    expect(parseQuestionExample("{ type: 'MCQ', score: 2, options: ['A', 'B',], }")).toEqual({
      ok: true,
      value: { type: 'MCQ', score: 2, options: ['A', 'B'] },
    });
    const bad = parseQuestionExample("{ type: 'MCQ' score: 2 }");
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toMatch(/invalid character/i);
  });
});

describe('exampleToQuestion', () => {
  const mcq: QuestionExample = {
    type: 'MCQ',
    question: 'Pick the prime numbers.',
    options: ['2', '4', '5', '9'],
    answer: ['2', '5'],
    score: 4,
    instructions: 'Choose all correct answers.',
  };

  it('turns a list answer into a multiple-correct choice', () => {
    expect(exampleToQuestion(mcq).config).toMatchObject({ correct: ['a', 'c'], multiple: true });
  });

  it('accepts a type written as its id, and blanks written in the question', () => {
    const q = exampleToQuestion({
      type: 'fill-in-the-blanks',
      question: 'The capital of France is ____.',
      options: null,
      answer: ['Paris'],
      score: 2,
      instructions: 'Fill in the blank.',
    });
    expect(q.config).toEqual({
      passage: 'The capital of France is [[1]].',
      gaps: [{ id: '1', accepted: ['Paris'] }],
      caseSensitive: false,
    });
  });

  it.each([
    [{ ...mcq, type: 'Telepathy' }, /Unknown question type/],
    [{ ...mcq, answer: '7' }, /not one of the options/],
    [{ ...mcq, options: 'A or B' }, /list of texts/],
    [{ ...QUESTION_EXAMPLES['fill-in-the-blanks'], answer: ['one'] }, /3 blanks but the answer has 1/],
    [{ ...QUESTION_EXAMPLES['matching-pairs'], answer: { Kenya: 'Nairobi' } }, /no match for "Japan"/],
    [{ ...QUESTION_EXAMPLES['drag-and-drop'], answer: { Frog: 'Insects' } }, /not one of the drop zones/],
    [{ ...QUESTION_EXAMPLES['timeline-assignments'], answer: ['Battle of Britain'] }, /exactly the options/],
    [{ ...QUESTION_EXAMPLES['true-false'], answer: 'Maybe' }, /True or False/],
    [
      { ...QUESTION_EXAMPLES['annotated-texts'], options: { items: [{ theory: 'Only' }] } },
      /theory, comment/,
    ],
  ])('refuses a malformed example (%#)', (example, message) => {
    expect(() => exampleToQuestion(example as QuestionExample)).toThrow(ExampleFormatError);
    expect(() => exampleToQuestion(example as QuestionExample)).toThrow(message);
  });
});
