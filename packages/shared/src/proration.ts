import { divideRounded, type Money } from './money.ts';

const DAY_MS = 86_400_000;

/** The paid period in force that a plan change would cut short: its price and its dates. */
export interface PaidPeriod {
  /** The plan's price for the period, before tax, in minor units of `currency`. */
  amountMinor: number;
  currency: string;
  periodStart: Date | string;
  endsAt: Date | string;
}

/** The credit for the unused part of a paid period, with the days it counts. */
export interface ProrationCredit extends Money {
  /** Whole days of the period not yet used (the day of the change counts as used). */
  unusedDays: number;
  /** Whole days the period has. */
  periodDays: number;
}

const time = (value: Date | string): number => new Date(value).getTime();

/**
 * The credit for the unused part of `paid` when the plan changes at `now`, in integer minor units:
 * credit = price × unusedDays ÷ periodDays, rounded down to a minor unit (a credit never exceeds
 * the value left). The period's days are counted from its start to its end (a part day counts as a
 * day); the day of the change counts as used, because the new plan starts on it: a change on the
 * period's first day credits all days but one, one on its last day credits nothing. Zero outside the
 * period or for a period that has no price.
 */
export function prorationCredit(paid: PaidPeriod, now: Date): ProrationCredit {
  const start = time(paid.periodStart);
  const end = time(paid.endsAt);
  const nothing = { amountMinor: 0, currency: paid.currency, unusedDays: 0, periodDays: 0 };
  if (!Number.isFinite(start) || !Number.isFinite(end) || end <= start) return nothing;
  if (!Number.isSafeInteger(paid.amountMinor) || paid.amountMinor <= 0) return nothing;
  const periodDays = Math.ceil((end - start) / DAY_MS);
  const at = now.getTime();
  if (at >= end) return { ...nothing, periodDays };
  const usedDays = at < start ? 0 : Math.floor((at - start) / DAY_MS) + 1;
  const unusedDays = Math.max(0, Math.min(periodDays, periodDays - usedDays));
  const amountMinor = Number(
    divideRounded(BigInt(paid.amountMinor) * BigInt(unusedDays), BigInt(periodDays), 'down'),
  );
  return { amountMinor, currency: paid.currency, unusedDays, periodDays };
}

/**
 * The credit an invoice of `priceMinor` in `currency` takes from `paid`: none in another currency
 * (amounts are never converted), and never more than the price (the net is not negative).
 */
export function creditTowards(
  paid: PaidPeriod | null,
  priceMinor: number,
  currency: string,
  now: Date,
): ProrationCredit | null {
  if (!paid || paid.currency !== currency) return null;
  const credit = prorationCredit(paid, now);
  if (credit.amountMinor <= 0) return null;
  return { ...credit, amountMinor: Math.min(credit.amountMinor, priceMinor) };
}
