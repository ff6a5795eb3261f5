import { CURRENCY_PATTERN } from '@vbuilder/shared';

/** Used only where Intl cannot list the currencies it knows. */
const FALLBACK_CODES = [
  'AUD',
  'BDT',
  'CNY',
  'EUR',
  'GBP',
  'IDR',
  'INR',
  'JPY',
  'KES',
  'KHR',
  'MMK',
  'MYR',
  'NPR',
  'PHP',
  'SGD',
  'THB',
  'TZS',
  'UGX',
  'USD',
  'VND',
];

/** The ISO 4217 codes Intl knows, sorted; `extra` (codes already in use) joins them. */
export function currencyCodes(extra: readonly string[] = []): string[] {
  let codes: string[];
  try {
    codes = Intl.supportedValuesOf('currency');
  } catch {
    codes = FALLBACK_CODES;
  }
  if (codes.length === 0) codes = FALLBACK_CODES;
  return [...new Set([...codes, ...extra.filter((code) => CURRENCY_PATTERN.test(code))])].sort();
}

/**
 * Select options: the code as the value and the label (short enough for a narrow field), and the
 * currency's name in the reader's language for the list and the search ('' when Intl has none).
 */
export function currencyOptions(locale: string, extra: readonly string[] = []) {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale], { type: 'currency' });
  } catch {
    names = null;
  }
  return currencyCodes(extra).map((code) => {
    const name = names?.of(code);
    return { value: code, label: code, name: name && name !== code ? name : '' };
  });
}
