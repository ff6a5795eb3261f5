import { describe, expect, it } from 'vitest';
import { timingStatus } from './timing.ts';

const now = new Date('2026-05-10T12:00:00Z');

describe('timingStatus', () => {
  it.each([
    [null, null, 'notSet'],
    ['2026-05-11T00:00:00Z', null, 'upcoming'],
    ['2026-05-11T00:00:00Z', '2026-05-12T00:00:00Z', 'upcoming'],
    ['2026-05-10T12:00:00Z', '2026-05-12T00:00:00Z', 'ongoing'],
    ['2026-05-09T00:00:00Z', null, 'ongoing'],
    [null, '2026-05-12T00:00:00Z', 'ongoing'],
    [null, '2026-05-10T12:00:00Z', 'past'],
    ['2026-05-01T00:00:00Z', '2026-05-02T00:00:00Z', 'past'],
  ] as const)('start %s, end %s → %s', (startsAt, endsAt, expected) => {
    expect(timingStatus({ startsAt, endsAt }, now)).toBe(expected);
  });
});
