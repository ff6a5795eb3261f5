import { Button } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BillingPeriod, PlanCatalogEntry, Subscription } from '@vbuilder/shared';
import { useCardCheckout } from '../hooks/use-card-checkout.tsx';
import { cardPriceOf } from '../lib/card-price.ts';
import { useBillingText } from '../lib/labels.ts';
import type { PlanChoice } from '../lib/plan-choice.ts';

interface Props {
  plan: PlanCatalogEntry;
  choice: PlanChoice;
  period: BillingPeriod;
  /** The currency chosen on the comparison; null: any. */
  currency: string | null;
  /** A request is already waiting. */
  disabled: boolean;
  renewalFrom: string | null;
  subscription?: Subscription | undefined;
}

/**
 * "Pay by card" beside the invoice request, when the card provider sells the plan for the period
 * (and currency); nothing otherwise.
 */
export function CardCheckoutButton({
  plan,
  choice,
  period,
  currency,
  disabled,
  renewalFrom,
  subscription,
}: Props) {
  const { t } = useTranslation('billing');
  const text = useBillingText();
  const { open, busy } = useCardCheckout();
  const price = cardPriceOf(plan, period, currency);
  if (!price) return null;
  return (
    <Button
      variant="default"
      leftSection={<IconCreditCard size={16} aria-hidden />}
      disabled={disabled}
      loading={busy}
      aria-label={t('card.payPlan', { plan: text.planName(plan.name) })}
      onClick={() => open({ plan, choice, price, renewalFrom, subscription })}
    >
      {t('card.pay')}
    </Button>
  );
}
