import { describe, expect, it } from 'vitest';
import { ordering, OrderingConfigSchema, type OrderingConfig } from './index.ts';

const config: OrderingConfig = {
  items: [
    { id: 'a', text: '1066 Hastings' },
    { id: 'b', text: '1215 Magna Carta' },
    { id: 'c', text: '1485 Bosworth' },
    { id: 'd', text: '1588 Armada' },
  ],
};

describe('ordering marking', () => {
  it.each([
    ['right order', ['a', 'b', 'c', 'd'], 4, true, { a: true, b: true, c: true, d: true }],
    ['last two swapped', ['a', 'b', 'd', 'c'], 2, false, { a: true, b: true, c: false, d: false }],
    ['reversed', ['d', 'c', 'b', 'a'], 0, false, { a: false, b: false, c: false, d: false }],
    ['shifted by one', ['d', 'a', 'b', 'c'], 0, false, { a: false, b: false, c: false, d: false }],
    ['one in place', ['a', 'c', 'd', 'b'], 1, false, { a: true, b: false, c: false, d: false }],
  ])('%s', (_name, answer, score, correct, details) => {
    expect(ordering.mark(config, answer, 4)).toEqual({ score, max: 4, correct, status: 'auto', details });
  });

  it.each([
    ['empty', []],
    ['missing an item', ['a', 'b', 'c']],
    ['a repeated item', ['a', 'a', 'b', 'c']],
    ['an unknown id', ['a', 'b', 'c', 'x']],
    ['an extra item', ['a', 'b', 'c', 'd', 'e']],
    ['null', null],
    ['undefined', undefined],
    ['a string', 'abcd'],
    ['numbers', [1, 2, 3, 4]],
    ['an object', { 0: 'a', 1: 'b', 2: 'c', 3: 'd' }],
  ])('malformed: %s', (_name, answer) => {
    expect(ordering.mark(config, answer, 4)).toEqual({ score: 0, max: 4, correct: false, status: 'auto' });
  });

  it('expects the items in config order', () => {
    expect(ordering.expectedAnswer(config)).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('ordering config schema', () => {
  const messages = (value: unknown) =>
    OrderingConfigSchema.safeParse(value).error?.issues.map((i) => i.message) ?? [];
  it.each([
    ['one item', { items: config.items.slice(0, 1) }, 'questions.errors.itemsTooFew'],
    ['an empty item', { items: [...config.items, { id: 'e', text: '' }] }, 'questions.errors.itemEmpty'],
    ['repeated ids', { items: [...config.items, { id: 'a', text: 'x' }] }, 'questions.errors.duplicateId'],
  ])('rejects %s', (_name, value, message) => {
    expect(messages(value)).toContain(message);
  });
  it('accepts a valid config', () => {
    expect(messages(config)).toEqual([]);
  });
});
