import { intlLocale, clockOptions } from '@vbuilder/shared';
import { fallbackDatesFor, formatWithFallback } from './date-fallback.ts';

type Moment = 'date' | 'time' | 'dateTime';
const STYLES: Record<Moment, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: 'medium' },
  time: { timeStyle: 'short' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
};

function format(iso: string, what: Moment, locale: string | undefined, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  // A browser without this language's data would answer in American English (Chromium: km, my, ne).
  const fallback = fallbackDatesFor(locale);
  if (fallback) return formatWithFallback(fallback, date, what, timeZone);
  const clock = what === 'date' ? {} : clockOptions(locale);
  return new Intl.DateTimeFormat(intlLocale(locale), { ...STYLES[what], ...clock, timeZone }).format(date);
}

/** A date in the reader's language (and time zone); an unreadable value is shown as it came. */
export const formatDate = (iso: string, locale: string | undefined, timeZone?: string): string =>
  format(iso, 'date', locale, timeZone);

/** The time of day in the reader's language (and time zone). */
export const formatTime = (iso: string, locale: string | undefined, timeZone?: string): string =>
  format(iso, 'time', locale, timeZone);

/** A moment as date and time in the reader's language (and time zone). */
export const formatDateTime = (iso: string, locale: string | undefined, timeZone?: string): string =>
  format(iso, 'dateTime', locale, timeZone);

/** A phone number shown with a leading plus (docs/product/screens.md), or null when there is none. */
export function formatPhone(phone: string | null | undefined): string | null {
  const trimmed = phone?.trim();
  if (!trimmed) return null;
  return trimmed.startsWith('+') ? trimmed : `+${trimmed}`;
}

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/** A file size in the reader's language: '512 bytes', '1.5 kB', '5 MB' (steps of 1024). */
export function formatBytes(bytes: number, locale: string | undefined): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(intlLocale(locale), {
    style: 'unit',
    unit: BYTE_UNITS[unit],
    // 'byte' has no short form in most languages ('512 byte'): bytes are spelled out.
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

/** The first block of a UUID: enough to tell rows apart at a glance; the copy button gives it whole. */
export const shortId = (id: string) => id.split('-')[0] ?? id;

/** Query string of the defined, non-empty values, in a stable order (keys of the same list match). */
export function toQueryString(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
