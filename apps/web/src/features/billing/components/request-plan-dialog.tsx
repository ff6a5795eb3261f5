import { Stack, Text } from '@mantine/core';
import { openConfirmModal } from '../../../components/deferred/confirm-modal.ts';
import { useTranslation } from 'react-i18next';
import type { PlanCatalogEntry, PlanPrice, RequestPlanBody, Subscription } from '@vbuilder/shared';
import { showToast } from '../../../components/forms/show-toast.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useRequestPlan } from '../api/request-plan.ts';
import { useFailureToast } from '../hooks/use-failure-toast.ts';
import { useBillingText } from '../lib/labels.ts';
import { creditOf, isPricedPackage, type PlanChoice } from '../lib/plan-choice.ts';
import { PlanSummary } from './plan-summary.tsx';

/** Whom a plan is requested for, and where its invoice goes. */
export type RequestTarget =
  | { kind: 'own'; organizationId: string; email: string }
  /** The Super Administrator, for an organization: the invoice goes to its administrators. */
  | { kind: 'organization'; organizationId: string; organizationName: string | null };

interface Request {
  plan: PlanCatalogEntry;
  choice: PlanChoice;
  price: PlanPrice;
  target: RequestTarget;
  /** The end of the period in force: a renewal starts there. */
  renewalFrom: string | null;
  /** The subscription now: an upgrade's credit is counted from its paid period. */
  subscription?: Subscription | undefined;
}

/**
 * Upgrade / Renew / Request, after a confirmation that says what is bought, for how long, at what
 * price, when it starts and where the invoice goes; then POST /payments.
 */
export function useRequestPlanDialog() {
  const { t } = useTranslation(['billing', 'common']);
  const text = useBillingText();
  const failed = useFailureToast();
  const request = useRequestPlan();

  return ({ plan, choice, price, target, renewalFrom, subscription }: Request) => {
    if (!isPricedPackage(plan.name) || choice === 'downgrade') return;
    const credit = creditOf(subscription, choice, price);
    const name = text.planName(plan.name);
    const titles: Record<Exclude<PlanChoice, 'downgrade'>, string> = {
      upgrade: t('billing:request.upgradeTitle', { plan: name }),
      renew: t('billing:request.renewTitle', { plan: name }),
      request: t('billing:request.requestTitle', { plan: name }),
    };
    const confirms: Record<Exclude<PlanChoice, 'downgrade'>, string> = {
      upgrade: t('billing:plans.upgrade'),
      renew: t('billing:plans.renew'),
      request: t('billing:plans.request'),
    };
    const starts =
      choice === 'renew' && renewalFrom
        ? t('billing:request.startsAfter', { date: formatDate(renewalFrom, text.locale) })
        : t('billing:request.startsOnActivation');
    const invoiceTo =
      target.kind === 'own'
        ? t('billing:request.invoiceToYou', { email: target.email })
        : target.organizationName
          ? t('billing:request.invoiceToAdministratorsOf', { organization: target.organizationName })
          : t('billing:request.invoiceToAdministrators');
    const body: RequestPlanBody = {
      plan: plan.name,
      period: price.period,
      currency: price.currency,
      ...(target.kind === 'organization' ? { organizationId: target.organizationId } : {}),
    };

    openConfirmModal({
      title: titles[choice],
      children: (
        <Stack gap="sm">
          <PlanSummary
            plan={plan}
            price={price}
            credit={credit}
            currentPlan={subscription?.packageName ?? null}
          />
          <Text size="sm">{starts}</Text>
          {credit && (
            <Text size="xs" c="gray.7">
              {t('billing:request.creditNote')}
            </Text>
          )}
          <Text size="sm" fw={500}>
            {invoiceTo}
          </Text>
          <Text size="xs" c="gray.7">
            {t('billing:request.taxNote')}
          </Text>
        </Stack>
      ),
      labels: { confirm: confirms[choice], cancel: t('billing:cancel') },
      closeButtonProps: { 'aria-label': t('common:close') },
      onConfirm: () =>
        request.mutate(body, {
          onSuccess: (record) =>
            showToast(
              'success',
              t('billing:request.sent', { number: record.invoiceNumber ?? '—' }),
              t('billing:request.sentTitle'),
              'billing-request',
            ),
          onError: (error) => failed(error, t('billing:toasts.failed'), 'billing-request'),
        }),
    });
  };
}
