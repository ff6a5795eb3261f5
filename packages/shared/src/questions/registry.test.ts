import { describe, expect, it } from 'vitest';
import { FAMILY_IDS } from './family.ts';
import { FAMILIES } from './families/index.ts';
import {
  QUESTION_TYPE_REGISTRY,
  defaultConfig,
  familyOf,
  getQuestionType,
  isQuestionTypeId,
  markQuestion,
  typesForTier,
} from './registry.ts';
import { QUESTION_TYPES } from './types.ts';

describe('question type registry', () => {
  it('covers every type once each, in the order of QUESTION_TYPES', () => {
    expect(QUESTION_TYPE_REGISTRY).toHaveLength(QUESTION_TYPES.length);
    expect(QUESTION_TYPE_REGISTRY.map((t) => t.id)).toEqual(QUESTION_TYPES.map((t) => t.id));
    expect(new Set(QUESTION_TYPE_REGISTRY.map((t) => t.id)).size).toBe(QUESTION_TYPES.length);
    expect(new Set(QUESTION_TYPE_REGISTRY.map((t) => t.name)).size).toBe(QUESTION_TYPES.length);
  });

  it.each(QUESTION_TYPE_REGISTRY.map((t) => [t.id, t] as const))(
    '%s has a family that exists, keys and instructions',
    (id, type) => {
      expect(FAMILY_IDS).toContain(type.family);
      expect(FAMILIES[type.family].id).toBe(type.family);
      expect(familyOf(id)).toBe(FAMILIES[type.family]);
      expect(type.labelKey).toBe(`questionTypes:types.${id}.label`);
      expect(type.descriptionKey).toBe(`questionTypes:types.${id}.description`);
      expect(type.instructionsKey).toBe(`questionTypes:types.${id}.instructions`);
      // One sentence (or two short ones) a student reads: starts with a capital, ends with a stop.
      expect(type.instructions).toMatch(/^[A-Z].*\.$/);
      expect(type.instructions.length).toBeLessThan(120);
      expect(type.responseKind !== null).toBe(type.family === 'open');
      if (type.withImage) expect(type.family).toBe('choice');
    },
  );

  it('has the plan tiers of docs/product/limits.md: Basic 5, Professional 10, Enterprise all', () => {
    expect(typesForTier('basic').map((t) => t.name)).toEqual([
      'MCQ',
      'True/False',
      'Fill in the Blanks',
      'Matching Pairs',
      'Short Answers',
    ]);
    expect(typesForTier('professional').map((t) => t.name)).toEqual([
      'MCQ',
      'True/False',
      'Fill in the Blanks',
      'Matching Pairs',
      'Short Answers',
      'Crosswords and Puzzles',
      'Essay Questions',
      'Drag & Drop',
      'Image-Based Questions',
      'Case Studies',
    ]);
    expect(typesForTier('enterprise')).toHaveLength(QUESTION_TYPES.length);
  });

  it('finds types by id and refuses unknown ones', () => {
    expect(getQuestionType('coding')).toMatchObject({
      family: 'open',
      responseKind: 'code',
      tier: 'enterprise',
    });
    expect(isQuestionTypeId('essay')).toBe(true);
    expect(isQuestionTypeId('constructor')).toBe(false);
    expect(isQuestionTypeId(42)).toBe(false);
    expect(() => getQuestionType('nope' as never)).toThrow(/Unknown question type/);
  });

  it('gives open types their own response kind in the default config', () => {
    for (const type of QUESTION_TYPE_REGISTRY.filter((t) => t.family === 'open')) {
      expect(defaultConfig(type.id)).toMatchObject({ responseKind: type.responseKind });
    }
  });

  it('returns a fresh default config each time (editors may mutate their copy)', () => {
    const a = defaultConfig('multiple-choice');
    const b = defaultConfig('multiple-choice');
    expect(a).toEqual(b);
    expect(a).not.toBe(b);
    expect(a.options).not.toBe(b.options);
  });

  describe('markQuestion', () => {
    const mcq = {
      type: 'multiple-choice' as const,
      score: 4,
      config: {
        options: [
          { id: 'a', text: 'Paris' },
          { id: 'b', text: 'Lyon' },
        ],
        correct: ['a'],
        multiple: false,
        shuffle: false,
      },
    };

    it("uses the family's marking with the question's score as the maximum", () => {
      expect(markQuestion(mcq, ['a'])).toMatchObject({ score: 4, max: 4, correct: true, status: 'auto' });
      expect(markQuestion(mcq, ['b'])).toMatchObject({ score: 0, max: 4, correct: false });
    });

    it.each([[null], ['a'], [{ a: true }], [undefined], [[1, 2]]])(
      'scores a malformed answer %j as 0 without throwing',
      (answer) => {
        expect(markQuestion(mcq, answer)).toMatchObject({ score: 0, max: 4, correct: false });
      },
    );

    it('leaves open types to a teacher and does not score surveys', () => {
      expect(
        markQuestion(
          { type: 'essay', score: 10, config: { responseKind: 'richText' } },
          { text: '<p>My essay</p>' },
        ),
      ).toEqual({
        score: 0,
        max: 10,
        correct: null,
        status: 'manual',
      });
      expect(
        markQuestion(
          {
            type: 'survey-based',
            score: 2,
            config: { responseKind: 'survey', surveyOptions: ['Yes', 'No'] },
          },
          { choices: ['Yes'] },
        ),
      ).toMatchObject({ status: 'unscored', correct: null, score: 0 });
    });
  });
});
