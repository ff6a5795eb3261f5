import {
  Alert,
  Anchor,
  Button,
  Card,
  DataList,
  Group,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  IconAlertTriangle,
  IconArrowBackUp,
  IconCalendarEvent,
  IconClockHour4,
  IconCreditCard,
  IconRefresh,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Subscription } from '@vbuilder/shared';
import { formatDate } from '../../../lib/format.ts';
import { useScheduledChange } from '../hooks/use-scheduled-change.tsx';
import { useBillingText } from '../lib/labels.ts';
import { SubscriptionStatusBadge } from './billing-badges.tsx';
import { QuestionTypeList } from './question-type-list.tsx';

interface Props {
  subscription: UseQueryResult<Subscription>;
  /** Where the pending request's invoice and receipt are handled. */
  paymentHistoryHref: string;
}

/**
 * docs/product/screens.md 'Subscription status card': the package, its status (active, pending activation,
 * inactive, free package), the product details (monthly allowance, question types), the renewal
 * date and the request waiting for payment. docs/product/states.md: a failed load reads as inactive, with 'Failed
 * to load subscription status.' and a retry.
 */
export function SubscriptionStatusCard({ subscription, paymentHistoryHref }: Props) {
  const { t } = useTranslation('billing');
  const text = useBillingText();
  const scheduled = useScheduledChange();
  const heading = (
    <Group gap="sm">
      <ThemeIcon variant="light" radius="md" size="lg">
        <IconCreditCard size={20} aria-hidden />
      </ThemeIcon>
      <Title order={2} size="h4" id="subscription-status-heading">
        {t('status.title')}
      </Title>
    </Group>
  );
  const frame = (children: React.ReactNode, busy = false) => (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="section"
      aria-labelledby="subscription-status-heading"
      aria-busy={busy}
    >
      <Stack gap="md">{children}</Stack>
    </Card>
  );

  if (subscription.isPending) {
    return frame(
      <>
        {heading}
        <Skeleton h={28} w="40%" />
        <Skeleton h={64} />
      </>,
      true,
    );
  }

  if (subscription.isError) {
    return frame(
      <>
        <Group justify="space-between" gap="sm">
          {heading}
          <SubscriptionStatusBadge status="inactive" />
        </Group>
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('status.loadFailed')}</Text>
            <Button
              size="compact-sm"
              variant="light"
              color="red"
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={() => void subscription.refetch()}
              loading={subscription.isFetching}
            >
              {t('retry')}
            </Button>
          </Group>
        </Alert>
      </>,
    );
  }

  const data = subscription.data;
  const details = data.productDetails;
  const locale = text.locale;
  const pending = data.pendingRequest;
  const packageName = text.planName(data.packageName);
  return frame(
    <>
      <Group justify="space-between" gap="sm">
        {heading}
        <SubscriptionStatusBadge status={data.status} />
      </Group>
      <div>
        <Text size="sm" c="gray.7">
          {t('status.package')}
        </Text>
        <Text fz={26} fw={700} lh={1.2}>
          {packageName}
        </Text>
        <Text size="sm" c="gray.7">
          {statusExplanation(t, data, packageName, locale)}
        </Text>
      </div>
      <DataList orientation="vertical" gap="sm" withDivider>
        <DataList.Item>
          <DataList.ItemLabel c="gray.7">{t('status.product')}</DataList.ItemLabel>
          <DataList.ItemValue fw={500}>{details.productName}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel c="gray.7">{t('status.allowance')}</DataList.ItemLabel>
          <DataList.ItemValue fw={500}>{text.allowance(details.monthlyAssessments)}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel c="gray.7">{t('status.questionTypes')}</DataList.ItemLabel>
          <DataList.ItemValue>
            <QuestionTypeList types={details.questionTypes} planName={text.planName(details.planName)} />
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel c="gray.7">{t('status.renewalDate')}</DataList.ItemLabel>
          <DataList.ItemValue fw={500}>
            {data.renewalDate ? (
              formatDate(data.renewalDate, locale)
            ) : (
              <Text span c="gray.7" fs="italic" fw={400}>
                {t('status.noRenewal')}
              </Text>
            )}
          </DataList.ItemValue>
        </DataList.Item>
      </DataList>
      {data.scheduledChange && (
        <Alert
          color="blue"
          variant="light"
          icon={<IconCalendarEvent size={18} aria-hidden />}
          title={t('scheduled.title')}
        >
          <Group justify="space-between" gap="sm" align="center">
            <Text size="sm" fw={500}>
              {data.scheduledChange.kind === 'cancel'
                ? t('scheduled.cancel', { date: formatDate(data.scheduledChange.at, locale) })
                : t('scheduled.downgrade', {
                    plan: text.planName(data.scheduledChange.plan ?? ''),
                    date: formatDate(data.scheduledChange.at, locale),
                  })}
            </Text>
            <Button
              size="compact-sm"
              variant="white"
              leftSection={<IconArrowBackUp size={14} aria-hidden />}
              loading={scheduled.busy}
              aria-label={
                data.scheduledChange.kind === 'cancel'
                  ? t('scheduled.undoCancel')
                  : t('scheduled.undoDowngrade', { plan: text.planName(data.scheduledChange.plan ?? '') })
              }
              onClick={() => scheduled.undo(data)}
            >
              {t('scheduled.undo')}
            </Button>
          </Group>
        </Alert>
      )}
      {data.status === 'active' && data.paidPeriod && !data.scheduledChange && !pending && (
        <Group justify="flex-end">
          <Button variant="subtle" color="red" size="compact-sm" onClick={() => scheduled.openCancel(data)}>
            {t('cancelSubscription.open')}
          </Button>
        </Group>
      )}
      {pending && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconClockHour4 size={18} aria-hidden />}
          title={t('status.pendingTitle')}
        >
          <Stack gap={6}>
            <Text size="sm">
              {t('status.pendingBody', {
                plan: text.planName(pending.planName),
                period: text.period(pending.billingPeriod),
                amount: text.money(pending.totalMinor, pending.currency),
                number: pending.invoiceNumber ?? '—',
              })}
            </Text>
            {pending.dueAt && (
              <Text size="sm">{t('status.pendingDue', { date: formatDate(pending.dueAt, locale) })}</Text>
            )}
            <Anchor component={Link} to={paymentHistoryHref} size="sm" fw={600}>
              {t('status.pendingLink')}
            </Anchor>
          </Stack>
        </Alert>
      )}
    </>,
  );
}

function statusExplanation(
  t: ReturnType<typeof useTranslation<'billing'>>['t'],
  data: Subscription,
  packageName: string,
  locale: string,
): string {
  switch (data.status) {
    case 'active':
      return data.renewalDate
        ? t('status.explain.active', { plan: packageName, date: formatDate(data.renewalDate, locale) })
        : t('status.explain.activeOpenEnded', { plan: packageName });
    case 'pending':
      return t('status.explain.pending');
    case 'inactive':
      return t('status.explain.inactive');
    case 'free':
      return t('status.explain.free');
  }
}
