import { describe, expect, it } from 'vitest';
import { FAMILY_IDS, type FamilyId } from '../family.ts';
import { generateCrosswordLayout } from '../crossword-layout.ts';
import { FAMILIES, type FamilyConfig } from './index.ts';

const crosswordEntries = [
  { id: 'a', answer: 'ATOM', clue: 'c' },
  { id: 'b', answer: 'MOLECULE', clue: 'c' },
];

/** One valid config per family, to throw bad answers at. */
const CONFIGS: { [K in FamilyId]: FamilyConfig<K> } = {
  choice: {
    options: [
      { id: 'a', text: 'A' },
      { id: 'b', text: 'B' },
    ],
    correct: ['a'],
    multiple: false,
    shuffle: false,
  },
  trueFalse: { correct: true },
  shortAnswer: { acceptedAnswers: ['x'], caseSensitive: false, maxWords: 50 },
  fillBlanks: { passage: 'A [[1]]', gaps: [{ id: '1', accepted: ['b'] }], caseSensitive: false },
  matching: {
    pairs: [
      { id: 'p', prompt: 'P', match: 'M' },
      { id: 'q', prompt: 'Q', match: 'N' },
    ],
    distractors: [],
  },
  ordering: {
    items: [
      { id: 'a', text: 'A' },
      { id: 'b', text: 'B' },
    ],
  },
  dragDrop: { zones: [{ id: 'z', label: 'Z' }], items: [{ id: 'i', text: 'I', zoneId: 'z' }] },
  crossword: { entries: crosswordEntries, layout: generateCrosswordLayout(crosswordEntries) },
  open: { responseKind: 'richText', modelAnswer: 'A model answer.' },
};

const cyclic: Record<string, unknown> = {};
cyclic.self = cyclic;

const GARBAGE: [string, unknown][] = [
  ['null', null],
  ['undefined', undefined],
  ['a number', 42],
  ['NaN', Number.NaN],
  ['a string', 'answer'],
  ['an empty string', ''],
  ['true', true],
  ['a function', () => 'a'],
  ['a symbol', Symbol('a')],
  ['a Date', new Date(0)],
  ['a nested array', [['a'], { b: 1 }]],
  ['an object of objects', { a: { b: 'c' } }],
  ['an array of nulls', [null, null]],
  ['a cyclic object', cyclic],
  ['a huge array', Array.from({ length: 1000 }, (_, i) => `id${i}`)],
];

describe.each(FAMILY_IDS)('family %s', (id) => {
  const family = FAMILIES[id];
  const config = CONFIGS[id] as never;

  it('has a valid sample config and matching id', () => {
    expect(family.id).toBe(id);
    expect(family.config.safeParse(config).success).toBe(true);
  });

  it.each(GARBAGE)('never crashes on %s', (_name, answer) => {
    if (id === 'trueFalse' && typeof answer === 'boolean') return; // a real answer there
    const result = family.mark(config, answer, 5);
    expect(result.score).toBe(0);
    expect([5, 0]).toContain(result.max);
    expect(result.correct === false || result.correct === null).toBe(true);
  });

  it('marks its own expected answer as fully right (or for manual marking)', () => {
    const expected = family.expectedAnswer(config);
    const result = family.mark(config, expected, 5);
    if (id === 'open') expect(result.status).not.toBe('auto');
    else expect(result).toMatchObject({ score: 5, max: 5, correct: true, status: 'auto' });
  });

  it.each([
    ['a config of the wrong shape', { nonsense: true }],
    ['a null config', null],
  ])('is total when given %s', (_name, badConfig) => {
    expect(family.mark(badConfig as never, family.expectedAnswer(config), 5)).toEqual({
      score: 0,
      max: 5,
      correct: false,
      status: 'auto',
    });
  });

  it.each([
    ['negative', -3],
    ['NaN', Number.NaN],
    ['infinite', Number.POSITIVE_INFINITY],
  ])('treats a %s max score as 0', (_name, max) => {
    const result = family.mark(config, family.expectedAnswer(config), max);
    expect(result.max).toBe(0);
    expect(result.score).toBe(0);
  });
});

/** Configs that are half right: the schemas must report them, never throw on them. */
const BROKEN_CONFIGS: unknown[] = [
  { options: [null, { id: 'b', text: 'x' }], correct: ['b'], multiple: false, shuffle: false },
  {
    options: [
      { id: 'a', text: 'y' },
      { id: 'b', text: 'x' },
    ],
    correct: [null],
    multiple: false,
    shuffle: false,
  },
  { passage: 'a [[1]]', gaps: [null], caseSensitive: false },
  { passage: null, gaps: [{ id: '1', accepted: ['a'] }], caseSensitive: false },
  { pairs: [{ id: 'p' }, null], distractors: [null] },
  { items: [null, { id: 'a', text: 'b' }] },
  { zones: [null], items: [{ id: 'i', text: 't', zoneId: 'z' }] },
  { zones: [{ id: 'z', label: 'l' }], items: [{ id: 'i', text: 't' }] },
  {
    entries: [
      { id: 'a', answer: 5, clue: 'c' },
      { id: 'b', answer: 'ab', clue: 'c' },
    ],
    layout: { rows: 1, cols: 2, placements: [] },
  },
  {
    entries: [
      { id: 'a', answer: 'ab', clue: 'c' },
      { id: 'b', answer: 'ab', clue: 'c' },
    ],
    layout: null,
  },
  { entries: [{ id: 'a', answer: 'ab', clue: 'c' }], layout: { rows: 1, cols: 2, placements: [null] } },
  { responseKind: 'survey', surveyOptions: [null] },
  { responseKind: 'link', link: { url: 5 } },
  'config',
  [],
  null,
];

describe.each(FAMILY_IDS)('config schema of %s', (id) => {
  it.each(BROKEN_CONFIGS.map((config, i) => [i, config] as const))(
    'reports broken config %i without throwing',
    (_i, config) => {
      expect(FAMILIES[id].config.safeParse(config).success).toBe(false);
    },
  );
});
