import { useEffect, type ReactNode } from 'react';
import { Alert, Button, DataList, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconFileInvoice, IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { allowedPaymentActions, type PaymentRecord } from '@vbuilder/shared';
import { AppModal } from '../../../components/app-modal.tsx';
import { showToast } from '../../../components/forms/show-toast.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { usePayment } from '../api/get-payment.ts';
import { useOpenDocument } from '../hooks/use-open-document.ts';
import { useBillingText } from '../lib/labels.ts';
import { InvoiceStatusBadge, PaymentStatusBadge } from './billing-badges.tsx';

/**
 * 'View payment': every field of a record (docs/product/data.md Payment record) as it stands now (GET
 * /payments/:id; the listed row meanwhile), its invoice and its receipt (each opened in a new tab). A failed fetch says
 * 'Failed to fetch payment details.' and keeps the listed row, marked as possibly out of date.
 */
export function PaymentDetails({
  record,
  role,
  onClose,
}: {
  record: PaymentRecord | null;
  role: string | null | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('billing');
  const number = record?.invoiceNumber ?? t('payments.noNumber');
  return (
    <AppModal
      opened={record !== null}
      onClose={onClose}
      title={t('details.title', { number })}
      size="lg"
      fullScreenOnPhone
    >
      {record && <DetailsBody record={record} role={role} onClose={onClose} />}
    </AppModal>
  );
}

function DetailsBody({
  record: listed,
  role,
  onClose,
}: {
  record: PaymentRecord;
  role: string | null | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('billing');
  const text = useBillingText();
  const documents = useOpenDocument();
  const fresh = usePayment(listed);
  const record = fresh.data ?? listed;
  const failed = fresh.isError;
  useEffect(() => {
    if (failed) showToast('failure', t('details.loadFailed'), undefined, 'billing-payment-details');
  }, [failed, t]);

  const locale = text.locale;
  const missing = (words: string) => (
    <Text span c="gray.7" fs="italic" size="sm">
      {words}
    </Text>
  );
  const date = (iso: string | null, none: string) => (iso ? formatDate(iso, locale) : missing(none));
  const rows: Array<[string, ReactNode]> = [
    [t('details.invoiceNumber'), record.invoiceNumber ?? missing(t('payments.noNumber'))],
    [t('details.organisation'), record.organisation],
    [t('details.plan'), `${text.planName(record.planName)} · ${text.period(record.billingPeriod)}`],
    [t('details.allowance'), text.allowance(record.monthlyAssessments)],
    [t('details.status'), <PaymentStatusBadge key="s" status={record.status} />],
    [t('details.invoiceStatus'), <InvoiceStatusBadge key="i" status={record.invoiceStatus} />],
    [t('details.amount'), text.money(record.amountMinor, record.currency)],
    // An upgrade's credit for the unused days of the plan it replaced: a negative line, as on the invoice.
    ...(record.credit && record.creditMinor > 0
      ? ([
          [
            t('request.credit', {
              plan: text.planName(record.credit.planName),
              unused: text.number(record.credit.unusedDays),
              days: text.number(record.credit.periodDays),
            }),
            text.money(-record.creditMinor, record.currency),
          ],
        ] as Array<[string, ReactNode]>)
      : []),
    ...(record.taxMinor > 0
      ? ([[t('details.tax'), text.money(record.taxMinor, record.currency)]] as Array<[string, ReactNode]>)
      : []),
    [
      t('details.total'),
      <Text key="t" span fw={700} size="sm">
        {text.money(record.totalMinor, record.currency)}
      </Text>,
    ],
    [t('details.createdAt'), formatDateTime(record.createdAt, locale)],
    [t('details.dueAt'), date(record.dueAt, t('details.none'))],
    [t('details.periodStart'), date(record.periodStart, t('details.onActivation'))],
    [t('details.endsAt'), date(record.endsAt, t('details.none'))],
    [
      t('details.activatedAt'),
      record.activatedAt ? formatDateTime(record.activatedAt, locale) : missing(t('details.notActivated')),
    ],
    [t('details.method'), record.method === 'card' ? t('details.methodCard') : t('details.methodInvoice')],
    ...(record.paymentId ? ([[t('details.paymentId'), record.paymentId]] as Array<[string, ReactNode]>) : []),
    [
      t('details.receipt'),
      record.hasReceipt ? t('details.receiptUploaded') : missing(t('details.receiptMissing')),
    ],
  ];
  const canViewInvoice = allowedPaymentActions(record, role).includes('view-invoice');
  return (
    <Stack gap="md" aria-busy={fresh.isFetching}>
      {failed && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
          {t('details.loadFailed')} {t('details.stale')}
        </Alert>
      )}
      <DataList size="sm" gap={8} labelWidth={150}>
        {rows.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel c="gray.7">{label}</DataList.ItemLabel>
            <DataList.ItemValue style={{ minWidth: 0, overflowWrap: 'anywhere' }}>{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList>
      <Group justify="flex-end" gap="sm">
        {record.hasReceipt && (
          <Button
            variant="light"
            leftSection={<IconReceipt size={16} aria-hidden />}
            onClick={() => void documents.open(record, 'receipt')}
            loading={documents.opening === 'receipt'}
          >
            {t('details.viewReceipt')}
          </Button>
        )}
        {canViewInvoice && (
          <Button
            variant="light"
            leftSection={<IconFileInvoice size={16} aria-hidden />}
            onClick={() => void documents.open(record, 'invoice')}
            loading={documents.opening === 'invoice'}
          >
            {t('actions.viewInvoice')}
          </Button>
        )}
        <Button variant="default" onClick={onClose}>
          {t('close')}
        </Button>
      </Group>
    </Stack>
  );
}
