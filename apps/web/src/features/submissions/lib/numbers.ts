/** A percentage (0..100) in the reader's language: 85.5 → '85.5%' (one decimal at most). */
export function formatPercent(value: number, language: string | undefined): string {
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(value / 100);
}

/** Points in the reader's language, with up to two decimals (partial credit such as 2.5). */
export function formatPoints(value: number, language: string | undefined): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(value);
}

/** A moment as date and time in the reader's language and the browser's time zone. */
export function formatDateTime(iso: string, language: string | undefined): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
