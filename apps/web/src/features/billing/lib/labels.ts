import { useCallback, useMemo } from 'react';
import type { MantineColor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  intlLocale,
  formatMoney,
  PACKAGE_NAMES,
  type BillingPeriod,
  type InvoiceStatus,
  type PackageName,
  type PaymentRecordStatus,
  type SubscriptionStatus,
} from '@vbuilder/shared';

export const SUBSCRIPTION_COLORS: Record<SubscriptionStatus, MantineColor> = {
  active: 'green',
  pending: 'yellow',
  inactive: 'red',
  free: 'gray',
};
export const PAYMENT_COLORS: Record<PaymentRecordStatus, MantineColor> = {
  pending: 'yellow',
  active: 'green',
  inactive: 'gray',
  closed: 'red',
};
export const INVOICE_COLORS: Record<InvoiceStatus, MantineColor> = {
  open: 'blue',
  paid: 'green',
  closed: 'gray',
};

const isPackageName = (name: string): name is PackageName =>
  (PACKAGE_NAMES as readonly string[]).includes(name);

/**
 * The words of billing values in the reader's language: statuses, periods, plan names (the
 * glossary's, kept in the assessments catalog with the usage card's) and amounts (Intl, exact).
 * Every key is written out, so the key lint follows each one.
 */
export function useBillingText() {
  const { t, i18n } = useTranslation(['billing', 'assessments']);
  const locale = i18n.resolvedLanguage ?? 'en';

  const planName = useCallback(
    (name: string): string => {
      if (!isPackageName(name)) return name;
      const names: Record<PackageName, string> = {
        Free: t('assessments:packages.Free'),
        Basic: t('assessments:packages.Basic'),
        Professional: t('assessments:packages.Professional'),
        Enterprise: t('assessments:packages.Enterprise'),
        Custom: t('assessments:packages.Custom'),
      };
      return names[name];
    },
    [t],
  );

  return useMemo(() => {
    const subscriptionStatus: Record<SubscriptionStatus, string> = {
      active: t('billing:subscriptionStatus.active'),
      pending: t('billing:subscriptionStatus.pending'),
      inactive: t('billing:subscriptionStatus.inactive'),
      free: t('billing:subscriptionStatus.free'),
    };
    const paymentStatus: Record<PaymentRecordStatus, string> = {
      pending: t('billing:paymentStatus.pending'),
      active: t('billing:paymentStatus.active'),
      inactive: t('billing:paymentStatus.inactive'),
      closed: t('billing:paymentStatus.closed'),
    };
    const invoiceStatus: Record<InvoiceStatus, string> = {
      open: t('billing:invoiceStatus.open'),
      paid: t('billing:invoiceStatus.paid'),
      closed: t('billing:invoiceStatus.closed'),
    };
    const period: Record<BillingPeriod, string> = {
      month: t('billing:period.month'),
      year: t('billing:period.year'),
    };
    const perPeriod: Record<BillingPeriod, (price: string) => string> = {
      month: (price) => t('billing:period.perMonth', { price }),
      year: (price) => t('billing:period.perYear', { price }),
    };
    return {
      locale,
      planName,
      subscriptionStatus: (status: SubscriptionStatus) => subscriptionStatus[status],
      paymentStatus: (status: PaymentRecordStatus) => paymentStatus[status],
      invoiceStatus: (status: InvoiceStatus) => invoiceStatus[status],
      period: (value: BillingPeriod) => period[value],
      perPeriod: (value: BillingPeriod, price: string) => perPeriod[value](price),
      money: (amountMinor: number, currency: string) => {
        try {
          return formatMoney({ amountMinor, currency }, locale);
        } catch {
          // A currency Intl does not know: the code and the bare number, rather than nothing.
          return `${currency} ${amountMinor}`;
        }
      },
      number: (value: number) => value.toLocaleString(locale),
      allowance: (monthly: number | null) =>
        monthly === null
          ? t('billing:allowance.unlimited')
          : t('billing:allowance.perMonth', {
              count: monthly,
              formatted: monthly.toLocaleString(intlLocale(locale)),
            }),
    };
  }, [t, locale, planName]);
}

export type BillingText = ReturnType<typeof useBillingText>;
