import { describe, expect, it } from 'vitest';
import { choice, ChoiceConfigSchema, type ChoiceConfig } from './index.ts';

const options = [
  { id: 'a', text: 'Paris' },
  { id: 'b', text: 'Lyon' },
  { id: 'c', text: 'Nice' },
  { id: 'd', text: 'Lille' },
];
const single: ChoiceConfig = { options, correct: ['a'], multiple: false, shuffle: false };
const multiple: ChoiceConfig = { options, correct: ['a', 'b'], multiple: true, shuffle: true };

const issues = (config: unknown) =>
  ChoiceConfigSchema.safeParse(config).error?.issues.map((i) => i.message) ?? [];

describe('choice marking', () => {
  it.each([
    ['single right', single, ['a'], 4, true],
    ['single wrong', single, ['b'], 0, false],
    ['single empty', single, [], 0, false],
    ['single two chosen', single, ['a', 'b'], 0, false],
    ['single repeated right', single, ['a', 'a'], 4, true],
    ['single unknown id', single, ['zz'], 0, false],
    ['multiple all right', multiple, ['b', 'a'], 4, true],
    ['multiple half', multiple, ['a'], 2, false],
    ['multiple one right one wrong', multiple, ['a', 'c'], 0, false],
    ['multiple every box', multiple, ['a', 'b', 'c', 'd'], 0, false],
    ['multiple all right plus one wrong', multiple, ['a', 'b', 'c'], 2, false],
    ['multiple only wrong', multiple, ['c'], 0, false],
    ['multiple unknown ids ignored', multiple, ['a', 'b', 'x', 'y'], 4, true],
    ['multiple empty', multiple, [], 0, false],
  ] as const)('%s', (_name, config, answer, score, correct) => {
    const result = choice.mark(config, answer, 4);
    expect(result).toMatchObject({ score, max: 4, correct, status: 'auto' });
  });

  it('rounds partial credit to two decimals', () => {
    const three: ChoiceConfig = { ...multiple, correct: ['a', 'b', 'c'] };
    expect(choice.mark(three, ['a'], 1).score).toBe(0.33);
    expect(choice.mark(three, ['a', 'b'], 1).score).toBe(0.67);
  });

  it('details say per option whether its state is right', () => {
    expect(choice.mark(multiple, ['a', 'c'], 4).details).toEqual({ a: true, b: false, c: false, d: true });
  });

  it('expects the correct options', () => {
    expect(choice.expectedAnswer(multiple)).toEqual(['a', 'b']);
    expect(choice.mark(multiple, choice.expectedAnswer(multiple), 4).correct).toBe(true);
  });
});

describe('choice config schema (docs/product/validation.md)', () => {
  it('accepts a valid config, with or without images', () => {
    expect(issues(single)).toEqual([]);
    expect(issues({ ...single, options: options.map((o) => ({ ...o, imageUrl: null })) })).toEqual([]);
    expect(
      issues({ ...single, options: [{ ...options[0], imageUrl: '/api/files/x.png' }, options[1]] }),
    ).toEqual([]);
  });
  it.each([
    [
      'an empty option',
      { ...single, options: [options[0], { id: 'b', text: '  ' }] },
      'questions.errors.optionEmpty',
    ],
    ['one option', { ...single, options: [options[0]] }, 'questions.errors.optionsTooFew'],
    [
      'eleven options',
      { ...single, options: Array.from({ length: 11 }, (_, i) => ({ id: `o${i}`, text: `T${i}` })) },
      'questions.errors.optionsTooMany',
    ],
    ['no correct answer', { ...single, correct: [] }, 'questions.errors.correctRequired'],
    ['a correct answer that is no option', { ...single, correct: ['z'] }, 'questions.errors.correctUnknown'],
    ['two correct in single mode', { ...single, correct: ['a', 'b'] }, 'questions.errors.singleCorrectOnly'],
    [
      'repeated option ids',
      { ...single, options: [options[0], { id: 'a', text: 'x' }] },
      'questions.errors.duplicateId',
    ],
    ['repeated correct ids', { ...multiple, correct: ['a', 'a'] }, 'questions.errors.duplicateId'],
  ])('rejects %s', (_name, config, message) => {
    expect(issues(config)).toContain(message);
  });
});
