import { useState } from 'react';
import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconBuildingOff, IconCreditCard, IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  INVOICE_STATUSES,
  isSuperAdministrator,
  PAYMENT_RECORD_STATUSES,
  type InvoiceStatus,
  type PaymentRecord,
  type PaymentRecordStatus,
} from '@vbuilder/shared';
import { DataTable, type Column } from '../../../components/data-table/data-table.tsx';
import { NoMatchState } from '../../../components/data-table/no-match-state.tsx';
import { TablePager } from '../../../components/data-table/table-pager.tsx';
import { usePaging } from '../../../components/data-table/use-paging.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadErrorCard } from '../../../components/load-error-card.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useSearchParam } from '../../../lib/use-search-param.ts';
import { usePayments, type PaymentListParams } from '../api/get-payments.ts';
import { useBillingText } from '../lib/labels.ts';
import { ORGANIZATION_PARAM, SUBSCRIPTION_PATH, subscriptionOf, type BillingViewer } from '../lib/viewer.ts';
import { InvoiceStatusBadge, PaymentStatusBadge, ReceiptToCheckBadge } from './billing-badges.tsx';
import { OrganizationPicker } from './organization-picker.tsx';
import { PaymentDetails } from './payment-details.tsx';
import { PaymentRowActions } from './payment-row-actions.tsx';
import { SupportContact } from './support-contact.tsx';

/**
 * /account/payments/payment_history (docs/product/screens.md 'Payment records'): invoice number, organisation,
 * plan, status, invoice status, amount, created and ends at; each row's legal actions; a row opens
 * its details. The Super Administrator sees every organization's records and filters by
 * organization (kept in the address), status and invoice status; an Administrator sees their own
 * organization's, with the support contact for an activation that takes long.
 */
export function PaymentHistoryScreen({ viewer }: { viewer: BillingViewer }) {
  const { t } = useTranslation('billing');
  const text = useBillingText();
  const superAdministrator = isSuperAdministrator(viewer.role);
  const [organizationParam, setOrganizationParam] = useSearchParam(ORGANIZATION_PARAM);
  const organizationFilter = superAdministrator ? organizationParam : null;
  const [status, setStatus] = useState<PaymentRecordStatus | null>(null);
  const [invoiceStatus, setInvoiceStatus] = useState<InvoiceStatus | null>(null);
  const paging = usePaging();
  const { page, pageSize } = paging;
  const [opened, setOpened] = useState<PaymentRecord | null>(null);

  const params: PaymentListParams | null = superAdministrator
    ? { scope: { kind: 'all', organizationId: organizationFilter ?? undefined }, page, pageSize }
    : viewer.organizationId
      ? { scope: { kind: 'organization', organizationId: viewer.organizationId }, page, pageSize }
      : null;
  if (params && status) params.status = status;
  if (params && invoiceStatus) params.invoiceStatus = invoiceStatus;
  const payments = usePayments(params);

  const filtered = Boolean(status || invoiceStatus || organizationFilter);
  const clearFilters = () => {
    setStatus(null);
    setInvoiceStatus(null);
    paging.resetPage();
    if (organizationFilter) pickOrganization(null);
  };
  function pickOrganization(id: string | null) {
    paging.resetPage();
    setOrganizationParam(id);
  }

  if (!params) {
    return (
      <EmptyState
        icon={IconBuildingOff}
        pageTitle={t('payments.title')}
        title={t('subscription.noOrganization.title')}
        description={t('subscription.noOrganization.description')}
      />
    );
  }

  const locale = text.locale;
  const columns: Column<PaymentRecord>[] = [
    {
      key: 'invoiceNumber',
      header: t('payments.columns.invoiceNumber'),
      primary: true,
      cell: (record) => (
        <Text span fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
          {record.invoiceNumber ?? t('payments.noNumber')}
        </Text>
      ),
    },
    {
      key: 'organisation',
      header: t('payments.columns.organisation'),
      cell: (record) => record.organisation,
      hideOnCard: !superAdministrator,
    },
    {
      key: 'plan',
      header: t('payments.columns.plan'),
      // The period under the name: one column narrower than 'Professional · Monthly' on a line.
      cell: (record) => (
        <>
          <Text span size="sm" display="block">
            {text.planName(record.planName)}
          </Text>
          <Text span size="xs" c="gray.7" display="block">
            {text.period(record.billingPeriod)}
          </Text>
        </>
      ),
    },
    {
      key: 'status',
      header: t('payments.columns.status'),
      cell: (record) =>
        record.status === 'pending' && record.hasReceipt ? (
          <Stack gap={4} align="flex-start">
            <PaymentStatusBadge status={record.status} />
            <ReceiptToCheckBadge />
          </Stack>
        ) : (
          <PaymentStatusBadge status={record.status} />
        ),
    },
    {
      key: 'invoiceStatus',
      header: t('payments.columns.invoiceStatus'),
      cell: (record) => <InvoiceStatusBadge status={record.invoiceStatus} />,
    },
    {
      key: 'amount',
      header: t('payments.columns.amount'),
      align: 'end',
      cell: (record) => text.money(record.totalMinor, record.currency),
    },
    {
      key: 'createdAt',
      header: t('payments.columns.createdAt'),
      cell: (record) => formatDate(record.createdAt, locale),
    },
    {
      key: 'endsAt',
      header: t('payments.columns.endsAt'),
      cell: (record) =>
        record.endsAt ? (
          formatDate(record.endsAt, locale)
        ) : (
          <Text span size="sm" c="gray.7">
            {t('payments.noEnd')}
          </Text>
        ),
    },
  ];

  const total = payments.data?.total;
  return (
    <Stack gap="lg" maw={1280} mx="auto" w="100%">
      <Group justify="space-between" align="flex-end" gap="md">
        <div>
          <Title order={1} size="h2">
            {t('payments.title')}
          </Title>
          <Text c="gray.7" size="sm" aria-live="polite">
            {total !== undefined
              ? t('payments.count', { count: total })
              : superAdministrator
                ? t('payments.subtitlePlatform')
                : t('payments.subtitle')}
          </Text>
        </div>
        <Button
          component={Link}
          to={
            superAdministrator && organizationFilter ? subscriptionOf(organizationFilter) : SUBSCRIPTION_PATH
          }
          variant="light"
          leftSection={<IconCreditCard size={16} aria-hidden />}
        >
          {superAdministrator ? t('payments.subscriptionsLink') : t('payments.plansLink')}
        </Button>
      </Group>

      {!superAdministrator && <SupportContact />}

      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <Group gap="sm" align="flex-end" wrap="wrap">
            {superAdministrator && (
              <OrganizationPicker
                label={t('payments.filters.organization')}
                placeholder={t('payments.filters.allOrganizations')}
                value={organizationFilter}
                onChange={pickOrganization}
                clearable
                w={{ base: '100%', sm: 280 }}
              />
            )}
            <Select
              label={t('payments.filters.status')}
              placeholder={t('payments.filters.allStatuses')}
              clearable
              value={status}
              onChange={(value) => {
                setStatus(value as PaymentRecordStatus | null);
                paging.resetPage();
              }}
              data={PAYMENT_RECORD_STATUSES.map((value) => ({ value, label: text.paymentStatus(value) }))}
              w={{ base: '100%', sm: 200 }}
            />
            <Select
              label={t('payments.filters.invoiceStatus')}
              placeholder={t('payments.filters.allInvoiceStatuses')}
              clearable
              value={invoiceStatus}
              onChange={(value) => {
                setInvoiceStatus(value as InvoiceStatus | null);
                paging.resetPage();
              }}
              data={INVOICE_STATUSES.map((value) => ({ value, label: text.invoiceStatus(value) }))}
              w={{ base: '100%', sm: 200 }}
            />
          </Group>

          {payments.isError && !payments.data ? (
            <LoadErrorCard
              heading={t('payments.loadFailed')}
              error={payments.error}
              onRetry={() => void payments.refetch()}
              retrying={payments.isFetching}
            />
          ) : (
            <DataTable
              caption={t('payments.caption')}
              columns={columns}
              rows={payments.data?.data}
              rowKey={(record) => record.id}
              loading={payments.isPending}
              refreshing={payments.isPlaceholderData}
              minWidth={900}
              spacing="sm"
              onRowClick={setOpened}
              rowLabel={(record) =>
                t('payments.rowLabel', { number: record.invoiceNumber ?? t('payments.noNumber') })
              }
              actions={(record) => <PaymentRowActions record={record} role={viewer.role} />}
              empty={
                filtered ? (
                  <NoMatchState
                    title={t('payments.noMatch.title')}
                    description={t('payments.noMatch.description')}
                    clearLabel={t('payments.noMatch.clear')}
                    onClear={clearFilters}
                  />
                ) : (
                  <EmptyState
                    framed={false}
                    icon={IconReceipt}
                    headingOrder={2}
                    title={t('payments.empty.title')}
                    description={
                      superAdministrator
                        ? t('payments.empty.descriptionPlatform')
                        : t('payments.empty.description')
                    }
                  ></EmptyState>
                )
              }
            />
          )}
          <TablePager
            total={payments.data?.total}
            page={page}
            pageSize={pageSize}
            onPage={paging.setPage}
            onPageSize={paging.setPageSize}
          />
        </Stack>
      </Paper>
      <PaymentDetails record={opened} role={viewer.role} onClose={() => setOpened(null)} />
    </Stack>
  );
}
