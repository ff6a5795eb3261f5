import { intlLocale } from '@vbuilder/shared';

/** A percentage (0..100) in the reader's language: 85.5 → '85.5%' (one decimal at most). */
export function formatPercent(value: number, language: string | undefined): string {
  return new Intl.NumberFormat(intlLocale(language), { style: 'percent', maximumFractionDigits: 1 }).format(
    value / 100,
  );
}

/** Points in the reader's language, with up to two decimals (partial credit such as 2.5). */
export function formatPoints(value: number, language: string | undefined): string {
  return new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: 2 }).format(value);
}
