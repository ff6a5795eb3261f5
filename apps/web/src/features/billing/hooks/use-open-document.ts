import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentRecord } from '@vbuilder/shared';
import { fetchPaymentDocument } from '../api/get-documents.ts';
import { useFailureToast } from './use-failure-toast.ts';

/** How long a blob address lives: the new tab has read the file long before. */
const RELEASE_AFTER_MS = 60_000;

/**
 * View invoice / View receipt: the file, fetched through the API client, opens in a new tab from
 * a blob address. The tab is opened at the click (a tab opened after the fetch would be stopped as a
 * pop-up) and pointed at the file once it has arrived; the page's security policy allows no framed
 * documents, so the file is not shown inside a dialog. Without a tab (pop-ups refused) the file is
 * downloaded instead; a failure closes the tab and says why.
 */
export function useOpenDocument() {
  const { t } = useTranslation('billing');
  const failed = useFailureToast();
  const [opening, setOpening] = useState<'invoice' | 'receipt' | null>(null);

  const open = async (record: PaymentRecord, document: 'invoice' | 'receipt') => {
    const tab = window.open('', '_blank');
    setOpening(document);
    try {
      const { blob, fileName } = await fetchPaymentDocument(record.id, document);
      const url = URL.createObjectURL(blob);
      if (tab && !tab.closed) {
        tab.location.href = url;
      } else {
        const link = window.document.createElement('a');
        link.href = url;
        link.download = fileName ?? `${record.invoiceNumber ?? record.id}-${document}`;
        link.click();
      }
      window.setTimeout(() => URL.revokeObjectURL(url), RELEASE_AFTER_MS);
    } catch (error) {
      tab?.close();
      failed(
        error,
        document === 'invoice' ? t('invoice.failed') : t('details.receiptFailed'),
        'billing-document',
      );
    } finally {
      setOpening(null);
    }
  };

  return { open, opening };
}
