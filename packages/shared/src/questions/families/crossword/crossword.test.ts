import { describe, expect, it } from 'vitest';
import { generateCrosswordLayout } from '../../crossword-layout.ts';
import { crossword, CrosswordConfigSchema, type CrosswordConfig } from './index.ts';

const entries = [
  { id: 'w1', answer: 'planet', clue: 'Earth is one' },
  { id: 'w2', answer: 'Lunar', clue: 'Of the Moon' },
  { id: 'w3', answer: 'Star', clue: 'The Sun is one' },
];
const config: CrosswordConfig = { entries, layout: generateCrosswordLayout(entries) };

describe('crossword marking', () => {
  it.each([
    ['all right', { w1: 'PLANET', w2: 'LUNAR', w3: 'STAR' }, 3, true],
    ['lower case and spaces', { w1: 'planet', w2: ' lu nar ', w3: 'star' }, 3, true],
    ['one wrong', { w1: 'PLANET', w2: 'LUNAS', w3: 'STAR' }, 2, false],
    ['half a word', { w1: 'PLAN', w2: 'LUNAR', w3: 'STAR' }, 2, false],
    ['one word', { w3: 'star' }, 1, false],
    ['empty', {}, 0, false],
    ['unknown ids ignored', { w1: 'PLANET', other: 'X', hasOwnProperty: 'x' }, 1, false],
  ])('%s', (_name, answer, score, correct) => {
    expect(crossword.mark(config, answer, 3)).toMatchObject({ score, max: 3, correct, status: 'auto' });
  });

  it('compares Unicode letters cell by cell (NFC, upper case)', () => {
    const unicode = [
      { id: 'a', answer: 'café', clue: 'c' },
      { id: 'b', answer: 'été', clue: 'c' },
    ];
    const cfg = { entries: unicode, layout: generateCrosswordLayout(unicode) };
    expect(CrosswordConfigSchema.safeParse(cfg).success).toBe(true);
    // 'cafe\u0301' is café with a combining accent.
    expect(crossword.mark(cfg, { a: 'CAFE\u0301', b: 'ÉTÉ' }, 2)).toMatchObject({ score: 2, correct: true });
    expect(crossword.mark(cfg, { a: 'CAFE', b: 'ETE' }, 2)).toMatchObject({ score: 0, correct: false });
  });

  it('details per word and the expected answer', () => {
    expect(crossword.mark(config, { w1: 'PLANET' }, 3).details).toEqual({ w1: true, w2: false, w3: false });
    expect(crossword.expectedAnswer(config)).toEqual({ w1: 'PLANET', w2: 'LUNAR', w3: 'STAR' });
  });

  it.each([[null], [undefined], ['PLANET'], [['PLANET']], [{ w1: 1 }], [{ w1: null }], [{ w1: ['P'] }]])(
    'malformed answer %j',
    (answer) => {
      expect(crossword.mark(config, answer, 3)).toEqual({ score: 0, max: 3, correct: false, status: 'auto' });
    },
  );

  it('a config whose layout does not fit its entries marks as malformed instead of crashing', () => {
    const stale = { ...config, entries: [...entries, { id: 'w4', answer: 'comet', clue: 'c' }] };
    expect(crossword.mark(stale, { w1: 'PLANET' }, 3)).toEqual({
      score: 0,
      max: 3,
      correct: false,
      status: 'auto',
    });
  });
});

describe('crossword config schema', () => {
  const messages = (value: unknown) =>
    CrosswordConfigSchema.safeParse(value).error?.issues.map((i) => i.message) ?? [];
  const withEntries = (list: { id: string; answer: string; clue: string }[]) => ({
    entries: list,
    layout: generateCrosswordLayout(list),
  });
  it('accepts generated layouts, including other scripts', () => {
    expect(messages(config)).toEqual([]);
    expect(
      messages(
        withEntries([
          { id: 'a', answer: 'Straße', clue: 'c' },
          { id: 'b', answer: 'ΣΟΦΊΑ', clue: 'c' },
          { id: 'c', answer: 'नमस्ते', clue: 'c' },
        ]),
      ),
    ).toEqual([]);
  });
  it.each([
    ['one entry', withEntries(entries.slice(0, 1)), 'questions.errors.entriesTooFew'],
    [
      'a word with a space',
      withEntries([...entries, { id: 'w4', answer: 'new moon', clue: 'c' }]),
      'questions.errors.wordLettersOnly',
    ],
    [
      'a word with a digit',
      withEntries([...entries, { id: 'w4', answer: 'r2d2', clue: 'c' }]),
      'questions.errors.wordLettersOnly',
    ],
    [
      'a word with a hyphen',
      withEntries([...entries, { id: 'w4', answer: 'x-ray', clue: 'c' }]),
      'questions.errors.wordLettersOnly',
    ],
    [
      'a one-letter word',
      withEntries([...entries, { id: 'w4', answer: 'I', clue: 'c' }]),
      'questions.errors.wordTooShort',
    ],
    [
      'an empty word',
      withEntries([...entries, { id: 'w4', answer: '', clue: 'c' }]),
      'questions.errors.wordRequired',
    ],
    [
      'a 31-letter word',
      withEntries([...entries, { id: 'w4', answer: 'a'.repeat(31), clue: 'c' }]),
      'questions.errors.wordTooLong',
    ],
    [
      'an empty clue',
      withEntries([...entries, { id: 'w4', answer: 'moon', clue: ' ' }]),
      'questions.errors.clueEmpty',
    ],
    [
      'repeated ids',
      withEntries([...entries, { id: 'w1', answer: 'moon', clue: 'c' }]),
      'questions.errors.duplicateId',
    ],
    [
      'a stale layout',
      { entries: [...entries, { id: 'w4', answer: 'moon', clue: 'c' }], layout: config.layout },
      'questions.errors.crosswordLayoutInvalid',
    ],
    [
      'a layout out of bounds',
      { entries, layout: { ...config.layout, rows: 1, cols: 1 } },
      'questions.errors.crosswordLayoutInvalid',
    ],
    [
      'a layout with clashing letters',
      {
        entries: entries.slice(0, 2),
        layout: {
          rows: 1,
          cols: 6,
          placements: [
            { entryId: 'w1', row: 0, col: 0, direction: 'across', number: 1 },
            { entryId: 'w2', row: 0, col: 0, direction: 'across', number: 1 },
          ],
        },
      },
      'questions.errors.crosswordLayoutInvalid',
    ],
  ])('rejects %s', (_name, value, message) => {
    expect(messages(value)).toContain(message);
  });
});
