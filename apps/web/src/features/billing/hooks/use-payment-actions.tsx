import { useState } from 'react';
import { Text } from '@mantine/core';
import { openConfirmModal } from '../../../components/deferred/confirm-modal.ts';
import { useTranslation } from 'react-i18next';
import type { PaymentRecord } from '@vbuilder/shared';
import { showToast } from '../../../components/forms/show-toast.tsx';
import { useChangePayment, type PaymentChange } from '../api/payment-actions.ts';
import { useBillingText } from '../lib/labels.ts';
import { useFailureToast } from './use-failure-toast.ts';
import { useOpenDocument } from './use-open-document.ts';

/** The dialog a row's action opens instead of a call: the details or the upload. */
export type PaymentView = 'details' | 'upload' | null;

const TOAST_ID = 'billing-payment-action';

/**
 * What a payment row's actions do (docs/product/screens.md, docs/product/states.md, docs/product/messages.md). Activate, Close invoice, Send Receipt and
 * Delete change the record: each asks first, then calls the API and says Activated / Closed /
 * Receipt sent / Deleted, or 'Something went wrong' with the server's reason (a 409 says the state
 * no longer allows it). The reading actions change nothing and open at once: View payment the
 * details, View invoice the PDF in a new tab (opened by the click itself, so no pop-up blocker
 * stops it). The upload opens its own dialog, which asks by its Upload button. Any other action
 * name (one this screen does not know) is refused with 'Unknown action selected.'.
 */
export function usePaymentActions(record: PaymentRecord) {
  const { t } = useTranslation(['billing', 'common']);
  const text = useBillingText();
  const failed = useFailureToast();
  const change = useChangePayment();
  const documents = useOpenDocument();
  const [view, setView] = useState<PaymentView>(null);
  const number = record.invoiceNumber ?? t('billing:payments.noNumber');
  const plan = text.planName(record.planName);

  const confirm = (kind: PaymentChange) => {
    const dialogs: Record<
      PaymentChange,
      { title: string; body: string; confirm: string; color: string; done: string; doneTitle: string }
    > = {
      activate: {
        title: t('billing:actions.activateTitle', { number }),
        body: t('billing:actions.activateBody', { plan, organization: record.organisation }),
        confirm: t('billing:actions.activate'),
        color: 'green',
        doneTitle: t('billing:toasts.activated'),
        done: t('billing:toasts.activatedBody', { number, plan, organization: record.organisation }),
      },
      close: {
        title: t('billing:actions.closeTitle', { number }),
        body: t('billing:actions.closeBody', { plan }),
        confirm: t('billing:actions.closeInvoice'),
        color: 'orange',
        doneTitle: t('billing:toasts.closed'),
        done: t('billing:toasts.closedBody', { number }),
      },
      'send-receipt': {
        title: t('billing:actions.sendReceiptTitle', { number }),
        body: t('billing:actions.sendReceiptBody', { organization: record.organisation }),
        confirm: t('billing:actions.sendReceipt'),
        color: 'indigo',
        doneTitle: t('billing:toasts.receiptSent'),
        done: t('billing:toasts.receiptSentBody', { number, organization: record.organisation }),
      },
      delete: {
        title: t('billing:actions.deleteTitle', { number }),
        body: t('billing:actions.deleteBody', { plan }),
        confirm: t('billing:actions.delete'),
        color: 'red',
        doneTitle: t('billing:toasts.deleted'),
        done: t('billing:toasts.deletedBody', { number }),
      },
    };
    const dialog = dialogs[kind];
    openConfirmModal({
      title: dialog.title,
      children: <Text size="sm">{dialog.body}</Text>,
      labels: { confirm: dialog.confirm, cancel: t('billing:cancel') },
      confirmProps: { color: dialog.color },
      closeButtonProps: { 'aria-label': t('common:close') },
      onConfirm: () =>
        change.mutate(
          { id: record.id, change: kind },
          {
            onSuccess: () => showToast('success', dialog.done, dialog.doneTitle, TOAST_ID),
            onError: (error) => failed(error, t('billing:toasts.failed'), TOAST_ID),
          },
        ),
    });
  };

  /** Runs a row's action by its name (PAYMENT_ACTIONS of the shared contract). */
  const run = (action: string) => {
    switch (action) {
      case 'activate':
      case 'close':
      case 'send-receipt':
      case 'delete':
        confirm(action);
        return;
      case 'receipt':
        setView('upload');
        return;
      case 'view-payment':
        setView('details');
        return;
      case 'view-invoice':
        void documents.open(record, 'invoice');
        return;
      default:
        showToast('failure', t('billing:toasts.unknownAction'), undefined, TOAST_ID);
    }
  };

  return { run, view, setView, busy: change.isPending || documents.opening !== null };
}
