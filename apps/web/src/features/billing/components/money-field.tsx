import { useMemo, type ReactNode } from 'react';
import { NumberInput, Select, type ComboboxItem, type OptionsFilter, type SelectProps } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { CURRENCY_PATTERN, minorUnitDigits, parseDecimal } from '@vbuilder/shared';
import { useErrorText } from '../../../lib/forms/use-error-text.ts';
import { currencyOptions } from '../lib/currencies.ts';
import { useBillingText } from '../lib/labels.ts';

/**
 * The money fields of the billing forms (a Custom plan's price, a catalog plan's prices): an
 * amount typed in major units with the currency's own decimals, and an ISO currency picked by its
 * code or its name. Both are bound to a Mantine form by path.
 */

/** What the fields need of a Mantine form (useSchemaForm's). */
interface MoneyForm {
  getInputProps(path: string): GetInputPropsReturnType;
  clearFieldError(path: string): void;
  errors: Record<string, ReactNode>;
}

/** The currency's minor-unit digits (money.ts); 2 while the code is not a currency yet. */
export function digitsOf(currency: string | null): number {
  if (!currency || !CURRENCY_PATTERN.test(currency)) return 2;
  try {
    return minorUnitDigits(currency);
  } catch {
    return 2;
  }
}

/** A typed amount in minor units of `currency`; null when it is not an amount of the currency. */
export function minorOf(amount: string | number, currency: string | null): number | null {
  const text = String(amount).trim();
  if (text === '' || !currency || !CURRENCY_PATTERN.test(currency)) return null;
  try {
    return parseDecimal(text, currency);
  } catch {
    return null;
  }
}

/** The amount field's error key when a currency is chosen and the amount is not one of at least its smallest unit. */
export function amountCheck(amount: string | number, currency: string | null): string | null {
  if (!currency || !CURRENCY_PATTERN.test(currency)) return null;
  const minor = minorOf(amount, currency);
  return minor === null || minor < 1 ? 'validation.amountInvalid' : null;
}

/**
 * The currency: its code in the field (short enough for a phone), 'code · name' in the list, and
 * the search finding a currency by either. `known` (codes already in use) join Intl's list.
 */
export function CurrencySelect({
  form,
  path,
  known,
  label,
  withAsterisk,
  w,
}: {
  form: MoneyForm;
  path: string;
  known: readonly string[];
  label: string;
  withAsterisk?: boolean;
  w: SelectProps['w'];
}) {
  const { t } = useTranslation('billing');
  const { locale } = useBillingText();
  const knownKey = known.join(',');
  const currencies = useMemo(() => currencyOptions(locale, knownKey.split(',')), [locale, knownKey]);
  const currencyNames = useMemo(() => new Map(currencies.map((c) => [c.value, c.name])), [currencies]);
  const currencyText = (code: string) => {
    const currencyName = currencyNames.get(code);
    return currencyName ? `${code} · ${currencyName}` : code;
  };
  const currencyFilter: OptionsFilter = ({ options, search, limit }) => {
    const query = search.trim().toLocaleLowerCase(locale);
    return (options as ComboboxItem[])
      .filter((option) => !query || currencyText(option.value).toLocaleLowerCase(locale).includes(query))
      .slice(0, limit);
  };
  return (
    <Select
      label={label}
      withAsterisk={withAsterisk}
      data={currencies}
      searchable
      allowDeselect={false}
      limit={50}
      nothingFoundMessage={t('prices.noCurrency')}
      filter={currencyFilter}
      renderOption={({ option }) => currencyText(option.value)}
      w={w}
      comboboxProps={{ width: 280, position: 'bottom-start' }}
      {...form.getInputProps(path)}
    />
  );
}

/**
 * The amount in `currency`'s decimals (none for JPY, three for BHD), never negative. Typing clears
 * the server's error on the amount in minor units (`minorPath`), which shows here too.
 */
export function AmountInput({
  form,
  path,
  minorPath,
  currency,
  label,
  withAsterisk,
  fixedDecimals = false,
  miw,
}: {
  form: MoneyForm;
  path: string;
  minorPath: string;
  currency: string | null;
  label: string;
  withAsterisk?: boolean;
  /** Pads the decimals on leaving the field (12 → 12.00). */
  fixedDecimals?: boolean;
  miw: number;
}) {
  const errorText = useErrorText();
  const digits = digitsOf(currency);
  const amountProps = form.getInputProps(path);
  const minorError = form.errors[minorPath];
  return (
    <NumberInput
      label={label}
      withAsterisk={withAsterisk}
      inputMode={digits > 0 ? 'decimal' : 'numeric'}
      decimalScale={digits}
      fixedDecimalScale={fixedDecimals ? digits > 0 : undefined}
      allowDecimal={digits > 0}
      allowNegative={false}
      thousandSeparator={false}
      hideControls
      miw={miw}
      style={{ flex: 1 }}
      {...amountProps}
      onChange={(value) => {
        form.clearFieldError(minorPath);
        (amountProps.onChange as (v: string | number) => void)(value);
      }}
      error={amountProps.error ?? (typeof minorError === 'string' ? errorText(minorError) : undefined)}
    />
  );
}
