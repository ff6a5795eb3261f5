/** A date in the reader's language (and time zone); an unreadable value is shown as it came. */
export function formatDate(iso: string, locale: string | undefined, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone }).format(date);
}

/** The time of day in the reader's language (and time zone). */
export function formatTime(iso: string, locale: string | undefined, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone }).format(date);
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
