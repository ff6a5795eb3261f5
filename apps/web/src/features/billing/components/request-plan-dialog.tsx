import { DataList, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import type { PlanCatalogEntry, PlanPrice, RequestPlanBody } from '@vbuilder/shared';
import { showToast } from '../../../components/forms/show-toast.tsx';
import { errorCodeOf } from '../../../lib/api-errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { useErrorText } from '../../../lib/forms/use-error-text.ts';
import { useRequestPlan } from '../api/request-plan.ts';
import { useBillingText } from '../lib/labels.ts';
import { isPricedPackage, type PlanChoice } from '../lib/plan-choice.ts';

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
}

/**
 * Upgrade / Renew / Request, after a confirmation that says what is bought, for how long, at what
 * price, when it starts and where the invoice goes; then POST /payments.
 */
export function useRequestPlanDialog() {
  const { t } = useTranslation(['billing', 'common']);
  const text = useBillingText();
  const errorText = useErrorText();
  const request = useRequestPlan();

  return ({ plan, choice, price, target, renewalFrom }: Request) => {
    if (!isPricedPackage(plan.name)) return;
    const name = text.planName(plan.name);
    const amount = text.money(price.amountMinor, price.currency);
    const titles: Record<PlanChoice, string> = {
      upgrade: t('billing:request.upgradeTitle', { plan: name }),
      renew: t('billing:request.renewTitle', { plan: name }),
      request: t('billing:request.requestTitle', { plan: name }),
    };
    const confirms: Record<PlanChoice, string> = {
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

    modals.openConfirmModal({
      title: titles[choice],
      children: (
        <Stack gap="sm">
          <DataList size="sm" gap={6} labelWidth={140}>
            <DataList.Item>
              <DataList.ItemLabel c="gray.7">{t('billing:request.plan')}</DataList.ItemLabel>
              <DataList.ItemValue fw={600}>{name}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel c="gray.7">{t('billing:request.period')}</DataList.ItemLabel>
              <DataList.ItemValue>{text.period(price.period)}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel c="gray.7">{t('billing:request.price')}</DataList.ItemLabel>
              <DataList.ItemValue fw={600}>{amount}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel c="gray.7">{t('billing:request.allowance')}</DataList.ItemLabel>
              <DataList.ItemValue>{text.allowance(plan.monthlyAssessments)}</DataList.ItemValue>
            </DataList.Item>
          </DataList>
          <Text size="sm">{starts}</Text>
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
          onError: (error) =>
            showToast(
              'failure',
              errorText(errorCodeOf(error)),
              t('billing:toasts.failed'),
              'billing-request',
            ),
        }),
    });
  };
}
