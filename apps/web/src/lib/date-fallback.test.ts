import { afterEach, describe, expect, it, vi } from 'vitest';
import { clockOptions, intlLocale } from '@vbuilder/shared';
import { LANGUAGE_CODES } from './languages.ts';
import { fallbackDatesFor, formatWithFallback } from './date-fallback.ts';
import { formatDate, formatDateTime, formatTime } from './format.ts';

const ZONES = ['UTC', 'Asia/Phnom_Penh', 'Asia/Yangon', 'Asia/Kathmandu', 'America/Los_Angeles'];
// Every month, hours on both sides of noon and midnight, single and double digits.
const MOMENTS = Array.from({ length: 12 }, (_, month) =>
  [0, 9, 12, 13, 23].map((hour) => new Date(Date.UTC(2026, month, month + 1, hour, (month * 7) % 60))),
).flat();

describe('dates in languages a browser may lack', () => {
  afterEach(() => vi.restoreAllMocks());

  // Node has full ICU: the tables must give exactly what ICU gives where it has the data (with
  // Latin digits for Burmese, as vbuilder writes it).
  it.each(['km', 'my', 'ne'])('%s: the tables match full ICU for every month, hour and zone', (lng) => {
    vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf').mockReturnValue([]);
    const table = fallbackDatesFor(lng)!;
    vi.restoreAllMocks();
    expect(table).not.toBeNull();
    for (const timeZone of ZONES) {
      for (const date of MOMENTS) {
        const intl = (options: Intl.DateTimeFormatOptions) =>
          new Intl.DateTimeFormat(intlLocale(lng), {
            ...options,
            ...(options.timeStyle ? clockOptions(lng) : {}),
            timeZone,
          }).format(date);
        expect(formatWithFallback(table, date, 'date', timeZone)).toBe(intl({ dateStyle: 'medium' }));
        expect(formatWithFallback(table, date, 'time', timeZone)).toBe(intl({ timeStyle: 'short' }));
        expect(formatWithFallback(table, date, 'dateTime', timeZone)).toBe(
          intl({ dateStyle: 'medium', timeStyle: 'short' }),
        );
      }
    }
  });

  it('uses the tables only where the browser has no data of its own', () => {
    expect(fallbackDatesFor('km')).toBeNull();
    expect(fallbackDatesFor('th')).toBeNull();
    vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf').mockImplementation(
      (locales) => [locales ?? []].flat().filter((l) => !['km', 'my', 'ne'].includes(String(l))) as string[],
    );
    expect(formatDate('2026-11-25T03:30:00Z', 'km', 'Asia/Phnom_Penh')).toBe('25 វិច្ឆិកា 2026');
    expect(formatTime('2026-11-25T03:30:00Z', 'km', 'Asia/Phnom_Penh')).toBe('10:30');
    expect(formatDate('2026-11-25T03:30:00Z', 'my', 'Asia/Yangon')).toBe('2026 နို 25');
    expect(formatDateTime('2026-11-25T03:30:00Z', 'ne', 'Asia/Kathmandu')).toBe('२०२६ नोभेम्बर २५, ०९:१५');
    expect(formatDate('2026-11-25T03:30:00Z', 'th', 'Asia/Bangkok')).toBe('25 พ.ย. 2569');
  });

  it('formats every interface language in its own locale, never in English', () => {
    const english = formatDate('2026-11-25T03:30:00Z', 'en', 'UTC');
    for (const lng of LANGUAGE_CODES.filter((l) => l !== 'en')) {
      expect(formatDate('2026-11-25T03:30:00Z', lng, 'UTC'), lng).not.toBe(english);
      expect(new Intl.DateTimeFormat(lng).resolvedOptions().locale, lng).toBe(lng);
    }
  });
});
