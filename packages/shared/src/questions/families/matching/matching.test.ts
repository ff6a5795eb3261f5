import { describe, expect, it } from 'vitest';
import { matching, MatchingConfigSchema, matchingDistractorId, type MatchingConfig } from './index.ts';

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

describe('matching config schema (SPEC §5: prompts and matches both provided, pairs provided)', () => {
  const messages = (value: unknown) =>
    MatchingConfigSchema.safeParse(value).error?.issues.map((i) => i.message) ?? [];
  it('accepts a valid config', () => {
    expect(messages(config)).toEqual([]);
    expect(messages({ ...config, distractors: [] })).toEqual([]);
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
      'the same match twice',
      { ...config, pairs: [...config.pairs, { id: 'p5', prompt: 'X', match: 'paris' }] },
      'questions.errors.matchDuplicate',
    ],
    [
      'a distractor equal to a match',
      { ...config, distractors: ['Rome'] },
      'questions.errors.matchDuplicate',
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
