import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PlanCatalogEntry, PlanPrice, Subscription } from '@vbuilder/shared';
import { openConfirmModal } from '../../../components/deferred/confirm-modal.ts';
import { showToast } from '../../../components/forms/show-toast.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useScheduleChange, useUndoScheduledChange } from '../api/scheduled-change.ts';
import { PlanSummary } from '../components/plan-summary.tsx';
import { useBillingText } from '../lib/labels.ts';
import { isPricedPackage } from '../lib/plan-choice.ts';
import { useFailureToast } from './use-failure-toast.ts';

const TOAST_ID = 'billing-scheduled-change';

/**
 * Downgrade and cancel at the end of the paid period, and their undo: each change asks first and
 * says when it takes effect (the school keeps what it paid for until then); the undo is immediate,
 * as it only puts back what was there.
 */
export function useScheduledChange() {
  const { t } = useTranslation(['billing', 'common']);
  const text = useBillingText();
  const failed = useFailureToast();
  const schedule = useScheduleChange();
  const undoChange = useUndoScheduledChange();

  const endOf = (subscription: Subscription) =>
    subscription.renewalDate ? formatDate(subscription.renewalDate, text.locale) : '';

  const openDowngrade = (plan: PlanCatalogEntry, price: PlanPrice, subscription: Subscription) => {
    const planName = plan.name;
    if (!isPricedPackage(planName)) return;
    const name = text.planName(planName);
    const date = endOf(subscription);
    openConfirmModal({
      title: t('billing:downgrade.title', { plan: name }),
      children: (
        <Stack gap="sm">
          <PlanSummary plan={plan} price={price} />
          <Text size="sm">
            {t('billing:downgrade.body', {
              current: text.planName(subscription.packageName),
              plan: name,
              date,
            })}
          </Text>
          <Text size="xs" c="gray.7">
            {t('billing:scheduled.undoNote', { date })}
          </Text>
        </Stack>
      ),
      labels: { confirm: t('billing:downgrade.confirm', { date }), cancel: t('billing:cancel') },
      closeButtonProps: { 'aria-label': t('common:close') },
      onConfirm: () =>
        schedule.mutate(
          {
            organizationId: subscription.organizationId,
            body: { kind: 'downgrade', plan: planName, period: price.period, currency: price.currency },
          },
          {
            onSuccess: () =>
              showToast(
                'success',
                t('billing:scheduled.downgrade', { plan: name, date }),
                t('billing:downgrade.done'),
                TOAST_ID,
              ),
            onError: (error) => failed(error, t('billing:toasts.failed'), TOAST_ID),
          },
        ),
    });
  };

  const openCancel = (subscription: Subscription) => {
    const date = endOf(subscription);
    openConfirmModal({
      title: t('billing:cancelSubscription.title'),
      children: (
        <Stack gap="sm">
          <Text size="sm">
            {t('billing:cancelSubscription.body', { plan: text.planName(subscription.packageName), date })}
          </Text>
          <Text size="xs" c="gray.7">
            {t('billing:scheduled.undoNote', { date })}
          </Text>
        </Stack>
      ),
      labels: {
        confirm: t('billing:cancelSubscription.confirm'),
        cancel: t('billing:cancelSubscription.keep'),
      },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': t('common:close') },
      onConfirm: () =>
        schedule.mutate(
          { organizationId: subscription.organizationId, body: { kind: 'cancel' } },
          {
            onSuccess: () =>
              showToast(
                'success',
                t('billing:scheduled.cancel', { date }),
                t('billing:cancelSubscription.done'),
                TOAST_ID,
              ),
            onError: (error) => failed(error, t('billing:toasts.failed'), TOAST_ID),
          },
        ),
    });
  };

  const undo = (subscription: Subscription) =>
    undoChange.mutate(subscription.organizationId, {
      onSuccess: () =>
        showToast(
          'success',
          t('billing:scheduled.undone', { plan: text.planName(subscription.packageName) }),
          t('billing:scheduled.undoneTitle'),
          TOAST_ID,
        ),
      onError: (error) => failed(error, t('billing:toasts.failed'), TOAST_ID),
    });

  return { openDowngrade, openCancel, undo, busy: schedule.isPending || undoChange.isPending };
}
