import { describe, expect, it } from 'vitest';
import { deadlineFor, extraMsFor, windowFor, type AccommodationTerms } from './deadline.ts';

/** Deadlines with and without an accommodation, by hand. */

const at = (iso: string) => new Date(iso);
const start = at('2030-01-01T09:00:00Z');
const none: AccommodationTerms = { extraMinutes: null, extraPercent: null, startsAt: null, endsAt: null };
const terms = (over: Partial<AccommodationTerms>): AccommodationTerms => ({ ...none, ...over });

describe('deadlineFor', () => {
  it.each([
    [
      'duration only',
      { startsAt: null, endsAt: null, durationMinutes: 30 },
      null,
      '2030-01-01T09:30:00.000Z',
    ],
    [
      'window end first',
      { startsAt: null, endsAt: at('2030-01-01T09:10:00Z'), durationMinutes: 30 },
      null,
      '2030-01-01T09:10:00.000Z',
    ],
    [
      '+15 minutes on the duration',
      { startsAt: null, endsAt: null, durationMinutes: 30 },
      terms({ extraMinutes: 15 }),
      '2030-01-01T09:45:00.000Z',
    ],
    [
      '+15 minutes past the window end',
      { startsAt: null, endsAt: at('2030-01-01T09:10:00Z'), durationMinutes: 30 },
      terms({ extraMinutes: 15 }),
      '2030-01-01T09:25:00.000Z',
    ],
    [
      '+50 % of a 30-minute duration',
      { startsAt: null, endsAt: null, durationMinutes: 30 },
      terms({ extraPercent: 50 }),
      '2030-01-01T09:45:00.000Z',
    ],
    [
      '+25 % of a 2-hour window without a duration',
      { startsAt: at('2030-01-01T08:00:00Z'), endsAt: at('2030-01-01T10:00:00Z'), durationMinutes: null },
      terms({ extraPercent: 25 }),
      '2030-01-01T10:30:00.000Z',
    ],
    [
      "own window end replaces the assessment's",
      { startsAt: null, endsAt: at('2030-01-01T09:10:00Z'), durationMinutes: 30 },
      terms({ endsAt: at('2030-01-01T12:00:00Z') }),
      '2030-01-01T09:30:00.000Z',
    ],
  ])('%s', (_, assessment, accommodation, expected) => {
    expect(deadlineFor(assessment, start, accommodation)?.toISOString()).toBe(expected);
  });

  it('no end and no duration: no deadline, whatever the extra time', () => {
    expect(
      deadlineFor(
        { startsAt: null, endsAt: null, durationMinutes: null },
        start,
        terms({ extraMinutes: 15 }),
      ),
    ).toBeNull();
  });

  it('a percentage with nothing to measure from adds nothing', () => {
    expect(
      extraMsFor(
        { startsAt: null, endsAt: at('2030-01-01T10:00:00Z'), durationMinutes: null },
        terms({ extraPercent: 50 }),
      ),
    ).toBe(0);
  });

  it("an own window keeps the assessment's other end when it gives only one", () => {
    const assessment = { startsAt: at('2030-01-01T08:00:00Z'), endsAt: at('2030-01-01T10:00:00Z') };
    expect(windowFor(assessment, terms({ endsAt: at('2030-01-02T10:00:00Z') }))).toEqual({
      startsAt: at('2030-01-01T08:00:00Z'),
      endsAt: at('2030-01-02T10:00:00Z'),
    });
  });
});
