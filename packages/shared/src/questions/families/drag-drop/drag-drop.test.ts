import { describe, expect, it } from 'vitest';
import { dragDrop, DragDropConfigSchema, type DragDropConfig } from './index.ts';

const config: DragDropConfig = {
  zones: [
    { id: 'z1', label: 'Mammals' },
    { id: 'z2', label: 'Birds' },
  ],
  items: [
    { id: 'i1', text: 'Whale', zoneId: 'z1' },
    { id: 'i2', text: 'Bat', zoneId: 'z1' },
    { id: 'i3', text: 'Penguin', zoneId: 'z2' },
    { id: 'i4', text: 'Shark', zoneId: null },
  ],
};

describe('dragDrop marking', () => {
  it.each([
    ['all right, distractor left out', { i1: 'z1', i2: 'z1', i3: 'z2' }, 4, true],
    ['all right, distractor put nowhere', { i1: 'z1', i2: 'z1', i3: 'z2', i4: null }, 4, true],
    ['distractor placed in a zone', { i1: 'z1', i2: 'z1', i3: 'z2', i4: 'z1' }, 3, false],
    ['one misplaced', { i1: 'z1', i2: 'z2', i3: 'z2' }, 3, false],
    ['nothing placed', {}, 1, false],
    ['all put nowhere', { i1: null, i2: null, i3: null, i4: null }, 1, false],
    ['unknown zone', { i1: 'zz', i2: 'z1', i3: 'z2' }, 3, false],
    ['unknown item ids ignored', { i1: 'z1', i2: 'z1', i3: 'z2', x: 'z1', toString: 'z1' }, 4, true],
  ])('%s', (_name, answer, score, correct) => {
    expect(dragDrop.mark(config, answer, 4)).toMatchObject({ score, max: 4, correct, status: 'auto' });
  });

  it('details per item', () => {
    expect(dragDrop.mark(config, { i1: 'z2', i4: 'z1' }, 4).details).toEqual({
      i1: false,
      i2: false,
      i3: false,
      i4: false,
    });
  });

  it('expects each item in its zone and the distractor nowhere', () => {
    expect(dragDrop.expectedAnswer(config)).toEqual({ i1: 'z1', i2: 'z1', i3: 'z2', i4: null });
  });

  it.each([[null], [undefined], ['z1'], [['i1']], [{ i1: 1 }], [{ i1: { zone: 'z1' } }], [{ i1: true }]])(
    'malformed answer %j',
    (answer) => {
      expect(dragDrop.mark(config, answer, 4)).toEqual({ score: 0, max: 4, correct: false, status: 'auto' });
    },
  );
});

describe('dragDrop config schema', () => {
  const messages = (value: unknown) =>
    DragDropConfigSchema.safeParse(value).error?.issues.map((i) => i.message) ?? [];
  it('accepts a valid config', () => {
    expect(messages(config)).toEqual([]);
  });
  it.each([
    ['no zones', { ...config, zones: [] }, 'questions.errors.zonesRequired'],
    ['no items', { ...config, items: [] }, 'questions.errors.itemsRequired'],
    [
      'an empty zone label',
      { ...config, zones: [{ id: 'z1', label: '' }, config.zones[1]] },
      'questions.errors.zoneEmpty',
    ],
    [
      'an empty item',
      { ...config, items: [...config.items, { id: 'i5', text: ' ', zoneId: 'z1' }] },
      'questions.errors.itemEmpty',
    ],
    [
      'an item in an unknown zone',
      { ...config, items: [...config.items, { id: 'i5', text: 'x', zoneId: 'z9' }] },
      'questions.errors.zoneUnknown',
    ],
    [
      'only distractors',
      { ...config, items: [{ id: 'i1', text: 'x', zoneId: null }] },
      'questions.errors.itemZoneRequired',
    ],
    [
      'an item id equal to a zone id',
      { ...config, items: [...config.items, { id: 'z1', text: 'x', zoneId: 'z1' }] },
      'questions.errors.duplicateId',
    ],
  ])('rejects %s', (_name, value, message) => {
    expect(messages(value)).toContain(message);
  });
});
