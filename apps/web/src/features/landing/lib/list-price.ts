import { intlLocale, minorUnitDigits, toDecimalString } from '@vbuilder/shared';

/**
 * A list price for a page that sells: in the reader's language and currency format (Intl), without
 * the zero cents of a whole amount ('$19', not '$19.00'); exact, as Intl formats the decimal string.
 */
export function formatListPrice(amountMinor: number, currency: string, language: string): string {
  const digits = minorUnitDigits(currency);
  const whole = amountMinor % 10 ** digits === 0;
  return new Intl.NumberFormat(intlLocale(language), {
    style: 'currency',
    currency,
    minimumFractionDigits: whole ? 0 : digits,
    maximumFractionDigits: whole ? 0 : digits,
  }).format(toDecimalString({ amountMinor, currency }) as Intl.StringNumericLiteral);
}

/** A count with the reader's separators and digits. */
export const formatCount = (value: number, language: string): string =>
  new Intl.NumberFormat(intlLocale(language)).format(value);
