import { describe, expect, it } from 'vitest';
import { taxOf } from './money.ts';
import { creditTowards, prorationCredit } from './proration.ts';

// A 30-day period: 1 to 30 November 2026 (ends at midnight on 1 December).
const november = {
  amountMinor: 3000,
  currency: 'USD',
  periodStart: new Date('2026-11-01T00:00:00Z'),
  endsAt: new Date('2026-12-01T00:00:00Z'),
};
const at = (iso: string) => new Date(iso);

describe('prorationCredit: the unused part of a paid period in integer minor units', () => {
  it('an upgrade on day 1 credits every day but the first', () => {
    expect(prorationCredit(november, at('2026-11-01T09:30:00Z'))).toEqual({
      amountMinor: 2900,
      currency: 'USD',
      unusedDays: 29,
      periodDays: 30,
    });
  });

  it('an upgrade on day 15 credits the 15 days left', () => {
    expect(prorationCredit(november, at('2026-11-15T23:59:00Z'))).toMatchObject({
      amountMinor: 1500,
      unusedDays: 15,
    });
  });

  it('an upgrade on the last day credits nothing', () => {
    expect(prorationCredit(november, at('2026-11-30T08:00:00Z'))).toMatchObject({
      amountMinor: 0,
      unusedDays: 0,
      periodDays: 30,
    });
  });

  it('rounds down to a minor unit (31 days at 10.00: 30 days left is 9.67, not 9.68)', () => {
    const january = {
      amountMinor: 1000,
      currency: 'USD',
      periodStart: '2027-01-01T00:00:00Z',
      endsAt: '2027-02-01T00:00:00Z',
    };
    expect(prorationCredit(january, at('2027-01-01T12:00:00Z'))).toMatchObject({
      amountMinor: 967,
      unusedDays: 30,
      periodDays: 31,
    });
  });

  it('stays exact where floats would not: a yearly price of 1e12 minor units', () => {
    const year = {
      amountMinor: 1_000_000_000_001,
      currency: 'IDR',
      periodStart: '2026-01-01T00:00:00Z',
      endsAt: '2027-01-01T00:00:00Z',
    };
    // 1_000_000_000_001 × 364 ÷ 365, rounded down.
    expect(prorationCredit(year, at('2026-01-01T00:00:00Z')).amountMinor).toBe(
      Number((1_000_000_000_001n * 364n) / 365n),
    );
  });

  it('credits nothing after the period or for an unpriced one', () => {
    expect(prorationCredit(november, at('2026-12-02T00:00:00Z')).amountMinor).toBe(0);
    expect(prorationCredit({ ...november, amountMinor: 0 }, at('2026-11-02T00:00:00Z')).amountMinor).toBe(0);
  });
});

describe('creditTowards: the credit an invoice takes, and the tax on the net', () => {
  it('the tax is computed on the price less the credit (7 %: 100.00 − 15.00 → tax 5.95)', () => {
    const credit = creditTowards(november, 10_000, 'USD', at('2026-11-15T10:00:00Z'))!;
    expect(credit.amountMinor).toBe(1500);
    const net = { amountMinor: 10_000 - credit.amountMinor, currency: 'USD' };
    expect(taxOf(net, 700).amountMinor).toBe(595);
  });

  it('never credits more than the new price, and nothing in another currency', () => {
    expect(creditTowards(november, 1000, 'USD', at('2026-11-01T00:00:00Z'))!.amountMinor).toBe(1000);
    expect(creditTowards(november, 10_000, 'THB', at('2026-11-01T00:00:00Z'))).toBeNull();
    expect(creditTowards(null, 10_000, 'USD', at('2026-11-01T00:00:00Z'))).toBeNull();
  });
});
