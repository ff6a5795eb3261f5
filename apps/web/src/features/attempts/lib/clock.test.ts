import { describe, expect, it } from 'vitest';
import { clockOffsetOf } from '../api/attempt-calls.ts';
import { formatCountdown, remainingMs, warningAt } from './clock.ts';
import { hasContent } from './answer-state.ts';

describe('time left', () => {
  it('counts from the server clock, not the device clock', () => {
    // The device is 10 minutes behind the server.
    const offset = clockOffsetOf(
      '2030-01-01T10:10:00.000Z',
      Date.parse('2030-01-01T10:00:00.000Z'),
      Date.parse('2030-01-01T10:00:00.200Z'),
    );
    expect(offset).toBe(10 * 60_000 - 100);
    expect(remainingMs('2030-01-01T10:30:00.000Z', offset, Date.parse('2030-01-01T10:00:00.100Z'))).toBe(
      20 * 60_000,
    );
  });

  it('is null without a deadline and never negative', () => {
    expect(remainingMs(null, 0, 0)).toBeNull();
    expect(remainingMs('2030-01-01T10:00:00.000Z', 0, Date.parse('2030-01-01T11:00:00.000Z'))).toBe(0);
  });

  it.each([
    [6 * 60_000, null],
    [5 * 60_000, 5],
    [90_000, 5],
    [60_000, 1],
    [1000, 1],
    [0, null],
    [null, null],
  ])('warns at %s ms left: %s', (left, expected) => {
    expect(warningAt(left)).toBe(expected);
  });

  it('shows minutes and seconds, and hours when there are any', () => {
    expect(formatCountdown(65_000)).toBe('1:05');
    expect(formatCountdown(3_723_000)).toBe('1:02:03');
    expect(formatCountdown(400)).toBe('0:01');
  });
});

describe('answered', () => {
  it.each([
    [null, false],
    ['', false],
    ['<p></p>', false],
    [{}, false],
    [{ text: '  ' }, false],
    [[], false],
    [{ gaps: { a: '' } }, false],
    ['true', true],
    [false, true],
    [{ selected: ['o1'] }, true],
    [{ text: '<p>Hi</p>' }, true],
    [['b', 'a'], true],
  ])('%j → %s', (value, expected) => {
    expect(hasContent(value)).toBe(expected);
  });
});
