import { describe, expect, it } from 'vitest';
import { studentViewOf } from '../../student-view.ts';
import { getQuestionType } from '../../type-info.ts';
import {
  matching,
  matchingChoices,
  MatchingConfigSchema,
  matchingDistractorId,
  type MatchingConfig,
  type StudentMatchingConfig,
} from './index.ts';

const config: MatchingConfig = {
  pairs: [
    { id: 'p1', prompt: 'France', match: 'Paris' },
    { id: 'p2', prompt: 'Italy', match: 'Rome' },
    { id: 'p3', prompt: 'Spain', match: 'Madrid' },
    { id: 'p4', prompt: 'Japan', match: 'Tokyo' },
  ],
  distractors: ['Lisbon'],
};

describe('matching marking', () => {
  it.each([
    ['all right', { p1: 'p1', p2: 'p2', p3: 'p3', p4: 'p4' }, 4, true],
    ['two swapped', { p1: 'p2', p2: 'p1', p3: 'p3', p4: 'p4' }, 2, false],
    ['a distractor chosen', { p1: matchingDistractorId(0), p2: 'p2', p3: 'p3', p4: 'p4' }, 3, false],
    ['one match used twice', { p1: 'p1', p2: 'p1', p3: 'p3', p4: 'p4' }, 3, false],
    ['one left out', { p1: 'p1', p2: 'p2', p3: 'p3' }, 3, false],
    ['empty', {}, 0, false],
    ['unknown prompt ids ignored', { p1: 'p1', zz: 'p2', __proto__x: 'p1' }, 1, false],
    ['unknown match ids are wrong', { p1: 'nope', p2: 'p2', p3: 'p3', p4: 'p4' }, 3, false],
  ])('%s', (_name, answer, score, correct) => {
    const result = matching.mark(config, answer, 4);
    expect(result).toMatchObject({ score, max: 4, correct, status: 'auto' });
    expect(Object.keys(result.details ?? {})).toEqual(['p1', 'p2', 'p3', 'p4']);
  });

  it('details per pair', () => {
    expect(matching.mark(config, { p1: 'p2', p2: 'p2' }, 4).details).toEqual({
      p1: false,
      p2: true,
      p3: false,
      p4: false,
    });
  });

  it('an answer parsed from JSON with a __proto__ key is handled', () => {
    const answer: unknown = JSON.parse('{"__proto__": "p1", "p1": "p1"}');
    expect(matching.mark(config, answer, 4)).toMatchObject({ score: 1, correct: false });
  });

  it('expects each prompt with its own match', () => {
    const expected = matching.expectedAnswer(config);
    expect(expected).toEqual({ p1: 'p1', p2: 'p2', p3: 'p3', p4: 'p4' });
    expect(matching.mark(config, expected, 4).correct).toBe(true);
  });

  it.each([[null], [undefined], ['p1'], [['p1', 'p2']], [{ p1: 1 }], [{ p1: null }], [{ p1: ['p1'] }]])(
    'malformed answer %j',
    (answer) => {
      expect(matching.mark(config, answer, 4)).toEqual({ score: 0, max: 4, correct: false, status: 'auto' });
    },
  );
});

/** Frog and newt share "amphibian"; "fish" is a distractor. */
const shared: MatchingConfig = {
  pairs: [
    { id: 'p1', prompt: 'Frog', match: 'Amphibian' },
    { id: 'p2', prompt: 'Newt', match: 'amphibian' },
    { id: 'p3', prompt: 'Snake', match: 'Reptile' },
  ],
  distractors: ['Fish'],
};

describe('matching where prompts share an answer', () => {
  it('gives full credit when the shared answer is chosen for both prompts', () => {
    expect(matching.mark(shared, { p1: 'p1', p2: 'p1', p3: 'p3' }, 3)).toMatchObject({
      score: 3,
      correct: true,
      details: { p1: true, p2: true, p3: true },
    });
  });

  it('accepts any pair id of the shared match (the same answer under another name)', () => {
    expect(matching.mark(shared, { p1: 'p2', p2: 'p2', p3: 'p3' }, 3)).toMatchObject({
      score: 3,
      correct: true,
    });
  });

  it('still marks another answer or a distractor wrong, per prompt', () => {
    expect(matching.mark(shared, { p1: 'p1', p2: 'p3', p3: matchingDistractorId(0) }, 3)).toMatchObject({
      score: 1,
      correct: false,
      details: { p1: true, p2: false, p3: false },
    });
  });

  it('expects the shared answer for both prompts, and that expectation is right', () => {
    const expected = matching.expectedAnswer(shared);
    expect(expected).toEqual({ p1: 'p1', p2: 'p1', p3: 'p3' });
    expect(matching.mark(shared, expected, 3).correct).toBe(true);
  });

  it('lists each answer once (the shared match under its first pair), then the distractors', () => {
    expect(matchingChoices(shared)).toEqual([
      { id: 'p1', text: 'Amphibian' },
      { id: 'p3', text: 'Reptile' },
      { id: matchingDistractorId(0), text: 'Fish' },
    ]);
  });

  it('student view: the shared answer appears once, and its opaque id chosen twice scores in full', () => {
    const question = { id: 'q-shared', type: 'matching-pairs' as const, text: 'Q', score: 3, config: shared };
    const seed = 'seed-1';
    const view = studentViewOf(question, seed).config as unknown as StudentMatchingConfig;
    expect(view.matches!.map((m) => m.text).sort()).toEqual(['Amphibian', 'Fish', 'Reptile']);
    const idOf = (text: string) => view.matches!.find((m) => m.text === text)!.id;
    const answer = { p1: idOf('Amphibian'), p2: idOf('Amphibian'), p3: idOf('Reptile') };
    expect(Object.values(answer)).not.toContain('p1');
    const original = matching.studentView.answerFromView(shared, { questionId: question.id, seed }, answer);
    expect(matching.mark(shared, original, 3)).toMatchObject({ score: 3, correct: true });
  });

  it('examples carry a shared match: written once among the matches, given for both prompts', () => {
    const parts = {
      options: { prompts: ['Frog', 'Newt'], matches: ['Amphibian', 'Fish'] },
      answer: { Frog: 'Amphibian', Newt: 'Amphibian' },
    };
    const type = getQuestionType('matching-pairs');
    const example = { type: type.id, question: 'Q', score: 1, instructions: '', ...parts };
    const { config: read } = matching.fromExample(example, type);
    expect(read).toEqual({
      pairs: [
        { id: '1', prompt: 'Frog', match: 'Amphibian' },
        { id: '2', prompt: 'Newt', match: 'Amphibian' },
      ],
      distractors: ['Fish'],
    });
    expect(matching.toExample({ text: 'Q', config: read }, type)).toEqual(parts);
  });

  it('a question saved before prompts had to differ (the same prompt twice) is still marked, not malformed', () => {
    const saved = {
      pairs: [
        { id: 'p1', prompt: 'Capital?', match: 'Paris' },
        { id: 'p2', prompt: 'Capital?', match: 'Rome' },
      ],
      distractors: [],
    };
    expect(MatchingConfigSchema.safeParse(saved).success).toBe(false);
    expect(matching.mark(saved, { p1: 'p1', p2: 'p1' }, 2)).toMatchObject({
      score: 1,
      status: 'auto',
      details: { p1: true, p2: false },
    });
  });

  it('a one-to-one question keeps every match as its own answer, in the same order as before', () => {
    expect(matchingChoices(config).map((m) => m.id)).toEqual([
      'p1',
      'p2',
      'p3',
      'p4',
      matchingDistractorId(0),
    ]);
    expect(matching.expectedAnswer(config)).toEqual({ p1: 'p1', p2: 'p2', p3: 'p3', p4: 'p4' });
  });
});

describe('matching config schema: prompts and matches both provided, pairs provided', () => {
  const messages = (value: unknown) =>
    MatchingConfigSchema.safeParse(value).error?.issues.map((i) => i.message) ?? [];
  it('accepts a valid config', () => {
    expect(messages(config)).toEqual([]);
    expect(messages({ ...config, distractors: [] })).toEqual([]);
  });
  it('accepts prompts that share a match, with or without distractors', () => {
    expect(messages(shared)).toEqual([]);
    expect(messages({ ...shared, distractors: [] })).toEqual([]);
    expect(
      messages({ ...config, pairs: [...config.pairs, { id: 'p5', prompt: 'Vatican City', match: 'rome' }] }),
    ).toEqual([]);
  });
  it.each([
    ['one pair', { ...config, pairs: config.pairs.slice(0, 1) }, 'questions.errors.pairsTooFew'],
    ['no pairs', { ...config, pairs: [] }, 'questions.errors.pairsTooFew'],
    [
      'an empty prompt',
      { ...config, pairs: [{ id: 'p1', prompt: '', match: 'x' }, config.pairs[1]] },
      'questions.errors.promptEmpty',
    ],
    [
      'an empty match',
      { ...config, pairs: [{ id: 'p1', prompt: 'x', match: ' ' }, config.pairs[1]] },
      'questions.errors.matchEmpty',
    ],
    ['an empty distractor', { ...config, distractors: [''] }, 'questions.errors.distractorEmpty'],
    [
      'the same prompt twice',
      { ...config, pairs: [...config.pairs, { id: 'p5', prompt: ' france ', match: 'Lyon' }] },
      'questions.errors.promptDuplicate',
    ],
    [
      'a distractor equal to a match',
      { ...config, distractors: ['Rome'] },
      'questions.errors.distractorDuplicate',
    ],
    [
      'a distractor equal to a shared match',
      { ...shared, distractors: ['AMPHIBIAN'] },
      'questions.errors.distractorDuplicate',
    ],
    [
      'the same distractor twice',
      { ...config, distractors: ['Lisbon', 'lisbon'] },
      'questions.errors.distractorDuplicate',
    ],
    [
      'every prompt sharing one match with nothing else to choose',
      { pairs: shared.pairs.slice(0, 2), distractors: [] },
      'questions.errors.choicesTooFew',
    ],
    [
      'repeated pair ids',
      { ...config, pairs: [...config.pairs, { id: 'p1', prompt: 'X', match: 'Y' }] },
      'questions.errors.duplicateId',
    ],
  ])('rejects %s', (_name, value, message) => {
    expect(messages(value)).toContain(message);
  });
});
