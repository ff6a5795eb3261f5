/**
 * Dates for languages whose locale data a browser's ICU lacks. Chromium ships a trimmed ICU
 * without Khmer, Burmese and Nepali, so `Intl.DateTimeFormat('km')` silently formats in
 * American English there. These tables are the CLDR formats for 'medium' dates and 'short'
 * times (as full ICU gives them; date-fallback.test.ts compares the two), applied to the date's
 * fields in the requested time zone.
 */

interface LocaleDates {
  /** Month names as the medium date shows them. */
  months: readonly string[];
  date: (parts: Fields, month: string) => string;
  time: (parts: Fields) => string;
  /** How a date and a time join ('{date}, {time}'). */
  joiner: string;
  /** Native digits 0–9, when the language writes numbers in its own script. */
  digits?: string;
}

interface Fields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

const FALLBACK: Record<string, LocaleDates> = {
  km: {
    months: ['មករា', 'កុម្ភៈ', 'មីនា', 'មេសា', 'ឧសភា', 'មិថុនា', 'កក្កដា', 'សីហា', 'កញ្ញា', 'តុលា', 'វិច្ឆិកា', 'ធ្នូ'],
    date: ({ day, year }, month) => `${day} ${month} ${year}`,
    // 24-hour, as vbuilder writes Khmer times (clockOptions in shared).
    time: ({ hour, minute }) => `${pad(hour)}:${pad(minute)}`,
    joiner: ', ',
  },
  my: {
    months: ['ဇန်', 'ဖေ', 'မတ်', 'ဧ', 'မေ', 'ဇွန်', 'ဇူ', 'ဩ', 'စက်', 'အောက်', 'နို', 'ဒီ'],
    date: ({ day, year }, month) => `${year} ${month} ${day}`,
    time: ({ hour, minute }) => `${hour}:${pad(minute)}`,
    // Latin digits, as vbuilder writes Burmese everywhere (intlLocale in shared).
    joiner: ' ',
  },
  ne: {
    months: [
      'जनवरी',
      'फेब्रुअरी',
      'मार्च',
      'अप्रिल',
      'मे',
      'जुन',
      'जुलाई',
      'अगस्ट',
      'सेप्टेम्बर',
      'अक्टोबर',
      'नोभेम्बर',
      'डिसेम्बर',
    ],
    date: ({ day, year }, month) => `${year} ${month} ${day}`,
    time: ({ hour, minute }) => `${pad(hour)}:${pad(minute)}`,
    joiner: ', ',
    digits: '०१२३४५६७८९',
  },
};

/** The date's fields in a time zone (the browser's when none), read with a locale every ICU has. */
function fieldsOf(date: Date, timeZone?: string): Fields {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(date);
  const field = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: field('year'),
    month: field('month'),
    day: field('day'),
    hour: field('hour'),
    minute: field('minute'),
  };
}

const nativeDigits = (text: string, digits?: string) =>
  digits ? text.replace(/[0-9]/g, (d) => digits[Number(d)]!) : text;

/** The tables for a language this browser cannot format itself; null when Intl knows it. */
export function fallbackDatesFor(locale: string | undefined): LocaleDates | null {
  if (!locale) return null;
  const language = locale.split('-')[0]!.toLowerCase();
  const table = FALLBACK[language];
  if (!table) return null;
  return Intl.DateTimeFormat.supportedLocalesOf([language]).length > 0 ? null : table;
}

/** Formats with the tables: 'date', 'time' or both, as Intl's medium date and short time would. */
export function formatWithFallback(
  table: LocaleDates,
  date: Date,
  what: 'date' | 'time' | 'dateTime',
  timeZone?: string,
): string {
  const fields = fieldsOf(date, timeZone);
  const day = table.date(fields, table.months[fields.month - 1]!);
  const time = table.time(fields);
  const text = what === 'date' ? day : what === 'time' ? time : `${day}${table.joiner}${time}`;
  return nativeDigits(text, table.digits);
}
