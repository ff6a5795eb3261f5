import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format.ts';

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
