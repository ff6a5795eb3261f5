import { describe, expect, it } from 'vitest';
import { formatBytes, formatDateTime, formatPhone } from './format.ts';

describe('formatDateTime', () => {
  it("uses the reader's language and time zone", () => {
    const iso = '2026-03-04T05:06:07.000Z';
    expect(formatDateTime(iso, 'en', 'UTC')).toBe(
      new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(
        new Date(iso),
      ),
    );
    expect(formatDateTime(iso, 'en', 'UTC')).toContain('Mar 4, 2026');
    expect(formatDateTime(iso, 'en', 'Asia/Kathmandu')).toContain('10:51');
    expect(formatDateTime(iso, 'vi', 'UTC')).not.toBe(formatDateTime(iso, 'en', 'UTC'));
  });

  it('shows an unreadable value as it came', () => {
    expect(formatDateTime('not a date', 'en')).toBe('not a date');
  });
});

describe('formatPhone', () => {
  it.each([
    ['255700000001', '+255700000001'],
    ['+44 20 7946 0958', '+44 20 7946 0958'],
    ['  60 12-345 6789 ', '+60 12-345 6789'],
    ['', null],
    ['   ', null],
    [null, null],
    [undefined, null],
  ])('%j → %j', (phone, shown) => {
    expect(formatPhone(phone)).toBe(shown);
  });
});

describe('formatBytes', () => {
  it("steps by 1024 in the reader's language, bytes spelled out", () => {
    expect(formatBytes(1, 'en')).toBe('1 byte');
    expect(formatBytes(512, 'en')).toBe('512 bytes');
    expect(formatBytes(1536, 'en')).toBe('1.5 kB');
    expect(formatBytes(5 * 1024 * 1024, 'en')).toBe('5 MB');
    expect(formatBytes(3 * 1024 ** 4, 'en')).toBe('3,072 GB');
    expect(formatBytes(-5, 'en')).toBe('0 bytes');
    expect(formatBytes(1536, 'vi')).not.toBe(formatBytes(1536, 'en'));
  });
});
