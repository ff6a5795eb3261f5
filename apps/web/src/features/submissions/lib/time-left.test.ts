import { describe, expect, it } from 'vitest';
import { formatTimeLeft, remainingAt } from './time-left.ts';

describe('formatTimeLeft', () => {
  it.each([
    [45_000, '45 sec'],
    [59_001, '1 min'],
    [4 * 60_000 + 29_000, '4 min 29 sec'],
    [5 * 60_000, '5 min'],
    [11 * 60_000 + 59_000, '12 min'],
    [60 * 60_000, '1 hr'],
    [65 * 60_000, '1 hr 5 min'],
    [0, '0 sec'],
  ])('%d ms is "%s" in English', (ms, text) => {
    expect(formatTimeLeft(ms, 'en')).toBe(text);
  });

  it("uses the reader's language", () => {
    expect(formatTimeLeft(12 * 60_000, 'vi')).toBe('12 phút');
    expect(formatTimeLeft(12 * 60_000, 'zh')).toBe('12分钟');
  });
});

describe('remainingAt', () => {
  it('counts down from what the server said, by the time since the answer arrived', () => {
    expect(remainingAt(600, 1_000_000, 1_000_000 + 90_000)).toBe(510_000);
    expect(remainingAt(60, 0, 120_000)).toBe(0);
  });
});
