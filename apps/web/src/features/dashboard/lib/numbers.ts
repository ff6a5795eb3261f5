import { useTranslation } from 'react-i18next';
import { intlLocale } from '@vbuilder/shared';

/** Numbers and percentages in the reader's language (Bengali digits in Bengali, and so on). */
export function useNumbers() {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const integer = new Intl.NumberFormat(intlLocale(locale));
  const percent = new Intl.NumberFormat(intlLocale(locale), { style: 'percent', maximumFractionDigits: 1 });
  return {
    locale,
    count: (value: number) => integer.format(value),
    /** 0–100 shown as a percentage. */
    percent: (value: number) => percent.format(value / 100),
  };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The largest whole unit of a span, for "Closes in 3 days": days, hours, else minutes (at least 1). */
export function spanOf(ms: number): { unit: 'day' | 'hour' | 'minute'; count: number } {
  if (ms >= DAY) return { unit: 'day', count: Math.floor(ms / DAY) };
  if (ms >= HOUR) return { unit: 'hour', count: Math.floor(ms / HOUR) };
  return { unit: 'minute', count: Math.max(1, Math.floor(ms / MINUTE)) };
}
