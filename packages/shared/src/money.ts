import { intlLocale } from './languages.ts';

/**
 * Money: an integer number of minor units (cents, satang; whole units for a currency
 * without minor units such as JPY or VND) and an ISO 4217 currency code. Never a float: every sum,
 * product and tax below is integer arithmetic (BigInt where a product could pass 2^53) with the
 * rounding said explicitly.
 */
export interface Money {
  amountMinor: number;
  currency: string;
}

export const CURRENCY_PATTERN = /^[A-Z]{3}$/;

const digitsCache = new Map<string, number>();

/** The digits after the decimal point of a currency (USD 2, JPY 0, BHD 3), as Intl knows them. */
export function minorUnitDigits(currency: string): number {
  const code = currency.toUpperCase();
  const cached = digitsCache.get(code);
  if (cached !== undefined) return cached;
  const digits =
    new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
      .maximumFractionDigits ?? 2;
  digitsCache.set(code, digits);
  return digits;
}

function assertMinor(amountMinor: number): void {
  if (!Number.isSafeInteger(amountMinor))
    throw new RangeError(`Not an integer amount of minor units: ${amountMinor}`);
}

function toSafeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError('Amount out of range');
  }
  return Number(value);
}

function sameCurrency(a: Money, b: Money): void {
  if (a.currency !== b.currency) throw new RangeError(`Cannot combine ${a.currency} and ${b.currency}`);
}

/** a + b in one currency. */
export function addMoney(a: Money, b: Money): Money {
  sameCurrency(a, b);
  assertMinor(a.amountMinor);
  assertMinor(b.amountMinor);
  return { amountMinor: toSafeNumber(BigInt(a.amountMinor) + BigInt(b.amountMinor)), currency: a.currency };
}

/** The sum of amounts in one currency; zero of `currency` when empty. */
export function sumMoney(items: Money[], currency: string): Money {
  return items.reduce((sum, item) => addMoney(sum, item), { amountMinor: 0, currency });
}

/** The amount times a whole quantity (months, seats). */
export function multiplyMoney(money: Money, quantity: number): Money {
  assertMinor(money.amountMinor);
  if (!Number.isSafeInteger(quantity)) throw new RangeError(`Not a whole quantity: ${quantity}`);
  return {
    amountMinor: toSafeNumber(BigInt(money.amountMinor) * BigInt(quantity)),
    currency: money.currency,
  };
}

export type Rounding = 'half-up' | 'half-even' | 'down' | 'up';

/** numerator / denominator (denominator > 0) rounded to an integer as `rounding` says; half-up rounds halves away from zero. */
export function divideRounded(numerator: bigint, denominator: bigint, rounding: Rounding): bigint {
  if (denominator <= 0n) throw new RangeError('Denominator must be positive');
  const negative = numerator < 0n;
  const abs = negative ? -numerator : numerator;
  let quotient = abs / denominator;
  const remainder = abs % denominator;
  if (remainder !== 0n) {
    const twice = remainder * 2n;
    const roundAway =
      rounding === 'up' ||
      (rounding === 'half-up' && twice >= denominator) ||
      (rounding === 'half-even' && (twice > denominator || (twice === denominator && quotient % 2n === 1n)));
    if (roundAway) quotient += 1n;
  }
  return negative ? -quotient : quotient;
}

/**
 * The tax on an amount at a rate in basis points (1 % = 100, 7.5 % = 750), rounded to a minor unit
 * (half-up unless said otherwise: the usual rule on invoices).
 */
export function taxOf(money: Money, rateBasisPoints: number, rounding: Rounding = 'half-up'): Money {
  assertMinor(money.amountMinor);
  if (!Number.isSafeInteger(rateBasisPoints) || rateBasisPoints < 0) {
    throw new RangeError(`Not a tax rate in basis points: ${rateBasisPoints}`);
  }
  const tax = divideRounded(BigInt(money.amountMinor) * BigInt(rateBasisPoints), 10_000n, rounding);
  return { amountMinor: toSafeNumber(tax), currency: money.currency };
}

/** The amount as a plain decimal string in major units ('12.50', '1000' for JPY), exact. */
export function toDecimalString(money: Money): string {
  assertMinor(money.amountMinor);
  const digits = minorUnitDigits(money.currency);
  const negative = money.amountMinor < 0;
  const abs = String(Math.abs(money.amountMinor)).padStart(digits + 1, '0');
  const major = digits === 0 ? abs : `${abs.slice(0, -digits)}.${abs.slice(-digits)}`;
  return negative ? `-${major}` : major;
}

/**
 * A decimal string in major units ('12.5', '12.50', '1,000.00' is refused) to minor units of
 * `currency`; null when it is not a number or has more decimals than the currency allows.
 */
export function parseDecimal(text: string, currency: string): number | null {
  const match = /^\s*(-?)(\d+)(?:\.(\d*))?\s*$/.exec(text);
  if (!match) return null;
  const digits = minorUnitDigits(currency);
  const fraction = match[3] ?? '';
  if (fraction.length > digits) return null;
  const minor = BigInt(match[2] + fraction.padEnd(digits, '0')) * (match[1] ? -1n : 1n);
  if (minor > BigInt(Number.MAX_SAFE_INTEGER) || minor < BigInt(Number.MIN_SAFE_INTEGER)) return null;
  return Number(minor);
}

/** The amount for a reader in `language` (e.g. '$12.50', '฿1,250.00', '¥1,000'); exact (Intl formats the decimal string). */
export function formatMoney(money: Money, language: string): string {
  const format = new Intl.NumberFormat(intlLocale(language), { style: 'currency', currency: money.currency });
  return format.format(toDecimalString(money) as Intl.StringNumericLiteral);
}
