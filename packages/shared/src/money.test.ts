import { describe, expect, it } from 'vitest';
import {
  addMoney,
  divideRounded,
  formatMoney,
  minorUnitDigits,
  multiplyMoney,
  parseDecimal,
  sumMoney,
  taxOf,
  toDecimalString,
} from './money.ts';

const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' });

describe('money', () => {
  it('knows the minor-unit digits of a currency from Intl', () => {
    expect(minorUnitDigits('USD')).toBe(2);
    expect(minorUnitDigits('THB')).toBe(2);
    expect(minorUnitDigits('JPY')).toBe(0);
    expect(minorUnitDigits('VND')).toBe(0);
    expect(minorUnitDigits('BHD')).toBe(3);
    expect(minorUnitDigits('usd')).toBe(2);
  });

  it('adds and multiplies in integers, exactly where floats drift', () => {
    expect(addMoney(usd(10), usd(20))).toEqual(usd(30)); // 0.10 + 0.20, not 0.30000000000000004
    expect(sumMoney([usd(1999), usd(1), usd(5000)], 'USD')).toEqual(usd(7000));
    expect(sumMoney([], 'THB')).toEqual({ amountMinor: 0, currency: 'THB' });
    expect(multiplyMoney(usd(1999), 12)).toEqual(usd(23988));
    expect(multiplyMoney(usd(0), 12)).toEqual(usd(0));
  });

  it('refuses mixed currencies, fractions of a minor unit and overflow', () => {
    expect(() => addMoney(usd(1), { amountMinor: 1, currency: 'EUR' })).toThrow(RangeError);
    expect(() => addMoney(usd(1.5), usd(1))).toThrow(RangeError);
    expect(() => multiplyMoney(usd(1), 1.5)).toThrow(RangeError);
    expect(() => multiplyMoney(usd(Number.MAX_SAFE_INTEGER), 2)).toThrow(RangeError);
  });

  it.each([
    // numerator, denominator, rounding, expected
    [25n, 10n, 'half-up', 3n],
    [24n, 10n, 'half-up', 2n],
    [-25n, 10n, 'half-up', -3n],
    [25n, 10n, 'half-even', 2n],
    [35n, 10n, 'half-even', 4n],
    [26n, 10n, 'half-even', 3n],
    [29n, 10n, 'down', 2n],
    [21n, 10n, 'up', 3n],
    [20n, 10n, 'up', 2n],
  ] as const)('%s / %s rounded %s is %s', (n, d, rounding, expected) => {
    expect(divideRounded(n, d, rounding)).toBe(expected);
  });

  it('computes tax in basis points with explicit rounding', () => {
    expect(taxOf(usd(10000), 700)).toEqual(usd(700)); // 7 % of 100.00
    expect(taxOf(usd(1999), 700)).toEqual(usd(140)); // 139.93 → 140
    expect(taxOf(usd(50), 100)).toEqual(usd(1)); // 0.5 → 1 half-up
    expect(taxOf(usd(50), 100, 'half-even')).toEqual(usd(0)); // 0.5 → 0 half-even
    expect(taxOf(usd(150), 100, 'half-even')).toEqual(usd(2)); // 1.5 → 2
    expect(taxOf(usd(1999), 750, 'down')).toEqual(usd(149)); // 149.925
    expect(taxOf(usd(1999), 0)).toEqual(usd(0));
    expect(taxOf({ amountMinor: 1000, currency: 'JPY' }, 1000)).toEqual({
      amountMinor: 100,
      currency: 'JPY',
    });
    // beyond 2^53 in the intermediate product, still exact
    expect(taxOf(usd(9_000_000_000_000), 10_000)).toEqual(usd(9_000_000_000_000));
    expect(() => taxOf(usd(100), -1)).toThrow(RangeError);
    expect(() => taxOf(usd(100), 7.5)).toThrow(RangeError);
  });

  it('writes and reads decimal strings exactly', () => {
    expect(toDecimalString(usd(1250))).toBe('12.50');
    expect(toDecimalString(usd(5))).toBe('0.05');
    expect(toDecimalString(usd(-5))).toBe('-0.05');
    expect(toDecimalString({ amountMinor: 1000, currency: 'JPY' })).toBe('1000');
    expect(toDecimalString({ amountMinor: 1234, currency: 'BHD' })).toBe('1.234');
    expect(parseDecimal('12.5', 'USD')).toBe(1250);
    expect(parseDecimal('12.50', 'USD')).toBe(1250);
    expect(parseDecimal('12', 'USD')).toBe(1200);
    expect(parseDecimal('0.07', 'USD')).toBe(7);
    expect(parseDecimal('1000', 'JPY')).toBe(1000);
    expect(parseDecimal('12.345', 'USD')).toBeNull();
    expect(parseDecimal('1,000.00', 'USD')).toBeNull();
    expect(parseDecimal('abc', 'USD')).toBeNull();
  });

  it('formats for the reader with Intl, exactly', () => {
    expect(formatMoney(usd(1250), 'en')).toBe('$12.50');
    expect(formatMoney({ amountMinor: 1000, currency: 'JPY' }, 'en')).toBe('¥1,000');
    expect(formatMoney({ amountMinor: 9_007_199_254_740_991, currency: 'USD' }, 'en')).toBe(
      '$90,071,992,547,409.91',
    );
    expect(formatMoney({ amountMinor: 125000, currency: 'THB' }, 'th')).toBe('฿1,250.00');
  });
});
