import { describe, expect, it } from 'vitest';
import {
  fillBlanks,
  FillBlanksConfigSchema,
  gapMarkers,
  splitPassage,
  type FillBlanksConfig,
} from './index.ts';

const config: FillBlanksConfig = {
  passage: 'Water boils at [[1]] degrees and freezes at [[2]]. Its formula is [[3]].',
  gaps: [
    { id: '1', accepted: ['100', 'one hundred'] },
    { id: '2', accepted: ['0', 'zero'] },
    { id: '3', accepted: ['H2O'] },
  ],
  caseSensitive: false,
};

describe('fillBlanks marking', () => {
  it.each([
    ['all right', { '1': '100', '2': 'zero', '3': 'h2o' }, 3, true, { '1': true, '2': true, '3': true }],
    [
      'normalised',
      { '1': ' One   Hundred. ', '2': '0', '3': 'H2O' },
      3,
      true,
      { '1': true, '2': true, '3': true },
    ],
    ['two of three', { '1': '100', '2': '32', '3': 'H2O' }, 2, false, { '1': true, '2': false, '3': true }],
    ['one of three', { '1': '100' }, 1, false, { '1': true, '2': false, '3': false }],
    ['empty', {}, 0, false, { '1': false, '2': false, '3': false }],
    ['blank strings', { '1': '', '2': ' ', '3': '' }, 0, false, { '1': false, '2': false, '3': false }],
    [
      'unknown gap ids ignored',
      { '1': '100', '9': 'x', constructor: 'x' },
      1,
      false,
      { '1': true, '2': false, '3': false },
    ],
  ])('%s', (_name, answer, score, correct, details) => {
    expect(fillBlanks.mark(config, answer, 3)).toEqual({ score, max: 3, correct, status: 'auto', details });
  });

  it('is case sensitive when asked', () => {
    const strict = { ...config, caseSensitive: true };
    expect(fillBlanks.mark(strict, { '1': '100', '2': '0', '3': 'h2o' }, 3).details?.['3']).toBe(false);
    expect(fillBlanks.mark(strict, { '1': '100', '2': '0', '3': 'H2O' }, 3).correct).toBe(true);
  });

  it('rounds a third of the points', () => {
    expect(fillBlanks.mark(config, { '1': '100' }, 1).score).toBe(0.33);
  });

  it('expects the first accepted answer of each gap', () => {
    expect(fillBlanks.expectedAnswer(config)).toEqual({ '1': '100', '2': '0', '3': 'H2O' });
  });

  it.each([
    [null],
    [undefined],
    ['100'],
    [['100']],
    [{ '1': 100 }],
    [{ '1': null }],
    [{ '1': { text: '100' } }],
  ])('malformed answer %j', (answer) => {
    expect(fillBlanks.mark(config, answer, 3)).toEqual({ score: 0, max: 3, correct: false, status: 'auto' });
  });
});

describe('passage helpers', () => {
  it('finds markers and splits the passage', () => {
    expect(gapMarkers(config.passage)).toEqual(['1', '2', '3']);
    expect(splitPassage('[[1]] and [[2]]!')).toEqual([
      { gapId: '1' },
      { text: ' and ' },
      { gapId: '2' },
      { text: '!' },
    ]);
    expect(splitPassage('no gaps [[x]] [[0]]')).toEqual([{ text: 'no gaps [[x]] [[0]]' }]);
  });
});

describe('fillBlanks config schema (docs/product/validation.md: an answer provided; markers and gaps consistent)', () => {
  const messages = (value: unknown) =>
    FillBlanksConfigSchema.safeParse(value).error?.issues.map((i) => i.message) ?? [];
  it('accepts a consistent config', () => {
    expect(messages(config)).toEqual([]);
  });
  it.each([
    ['an empty passage', { ...config, passage: ' ' }, 'questions.errors.passageRequired'],
    ['no gaps', { ...config, gaps: [] }, 'questions.errors.gapsRequired'],
    [
      'a gap without an answer',
      { ...config, gaps: [...config.gaps.slice(0, 2), { id: '3', accepted: [] }] },
      'questions.errors.gapAnswerRequired',
    ],
    [
      'a blank accepted answer',
      { ...config, gaps: [...config.gaps.slice(0, 2), { id: '3', accepted: [''] }] },
      'questions.errors.answerEmpty',
    ],
    ['a marker without a gap', { ...config, gaps: config.gaps.slice(0, 2) }, 'questions.errors.gapMissing'],
    [
      'a gap without a marker',
      { ...config, passage: 'Only [[1]] and [[2]].' },
      'questions.errors.gapMarkerMissing',
    ],
    [
      'a passage without markers',
      { ...config, passage: 'No gaps here.', gaps: [{ id: '1', accepted: ['x'] }] },
      'questions.errors.gapMarkersMissing',
    ],
    [
      'a marker twice',
      { ...config, passage: '[[1]] [[1]] [[2]] [[3]]' },
      'questions.errors.gapMarkerDuplicate',
    ],
    [
      'repeated gap ids',
      { ...config, gaps: [...config.gaps, { id: '1', accepted: ['x'] }] },
      'questions.errors.duplicateId',
    ],
    [
      'a gap id that is not a number',
      { ...config, gaps: [...config.gaps, { id: 'a', accepted: ['x'] }] },
      'questions.errors.gapIdInvalid',
    ],
  ])('rejects %s', (_name, value, message) => {
    expect(messages(value)).toContain(message);
  });
});
