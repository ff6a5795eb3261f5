import { Stack, Text } from '@mantine/core';
import { openConfirmModal } from '../../../components/deferred/confirm-modal.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CheckoutBody, PlanCatalogEntry, PlanPrice, Subscription } from '@vbuilder/shared';
import { formatDate } from '../../../lib/format.ts';
import { billingKeys } from '../../../lib/query-keys.ts';
import { useStartCheckout } from '../api/start-checkout.ts';
import { PlanSummary } from '../components/plan-summary.tsx';
import { useBillingText } from '../lib/labels.ts';
import { browser } from '../lib/navigation.ts';
import { creditOf, isPricedPackage, type PlanChoice } from '../lib/plan-choice.ts';
import { useFailureToast } from './use-failure-toast.ts';

export interface CardCheckout {
  plan: PlanCatalogEntry;
  choice: PlanChoice;
  /** One of the plan's card prices. */
  price: PlanPrice;
  /** The end of the period in force: a renewal starts there. */
  renewalFrom: string | null;
  /** The subscription now: an upgrade's credit is counted from its paid period. */
  subscription?: Subscription | undefined;
}

/**
 * Pay by card (an Administrator): a confirmation that says what is bought, at what
 * price, and that the payment happens on the card provider's secure page; then POST
 * /payments/checkout and the browser goes to the provider's checkout page. It comes back to
 * /account/subscription?checkout=success|cancel (CheckoutReturnNotice).
 */
export function useCardCheckout() {
  const { t } = useTranslation(['billing', 'common']);
  const text = useBillingText();
  const failed = useFailureToast();
  const queryClient = useQueryClient();
  const checkout = useStartCheckout();

  const open = ({ plan, choice, price, renewalFrom, subscription }: CardCheckout) => {
    if (!isPricedPackage(plan.name) || choice === 'downgrade') return;
    const credit = creditOf(subscription, choice, price);
    const name = text.planName(plan.name);
    const body: CheckoutBody = { plan: plan.name, period: price.period, currency: price.currency };
    const starts =
      choice === 'renew' && renewalFrom
        ? t('billing:request.startsAfter', { date: formatDate(renewalFrom, text.locale) })
        : t('billing:card.startsOnPayment');

    openConfirmModal({
      title: t('billing:card.title', { plan: name }),
      children: (
        <Stack gap="sm">
          <PlanSummary
            plan={plan}
            price={price}
            credit={credit}
            currentPlan={subscription?.packageName ?? null}
          />
          <Text size="sm" fw={500}>
            {t('billing:card.securePage')}
          </Text>
          <Text size="sm">{starts}</Text>
          {credit && (
            <Text size="xs" c="gray.7">
              {t('billing:request.creditNote')}
            </Text>
          )}
          <Text size="xs" c="gray.7">
            {t('billing:card.taxNote')}
          </Text>
        </Stack>
      ),
      labels: { confirm: t('billing:card.continue'), cancel: t('billing:cancel') },
      closeButtonProps: { 'aria-label': t('common:close') },
      onConfirm: () =>
        checkout.mutate(body, {
          onSuccess: ({ url }) => browser.assign(url),
          onError: (error) => {
            // A request already waiting, or a record the refused checkout closed: show it as it is now.
            void queryClient.invalidateQueries({ queryKey: billingKeys.all });
            failed(error, t('billing:card.failed'), 'billing-card');
          },
        }),
    });
  };

  // While the checkout is made, and after it while the browser leaves for the provider's page.
  return { open, busy: checkout.isPending || checkout.isSuccess };
}
