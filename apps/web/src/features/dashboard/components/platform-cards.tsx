import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@vbuilder/shared';
import { formatDate } from '../../../lib/format.ts';
import { useOrganizationsOverview, usePaymentsMonth } from '../api/get-dashboard-cards.ts';
import { useNumbers } from '../lib/numbers.ts';
import { DashboardCard, Figure } from './dashboard-card.tsx';
import { MeterList } from './meter-list.tsx';

const PLAN_COLORS: Record<string, string> = {
  Free: 'gray.5',
  Basic: 'cyan.6',
  Professional: 'indigo.6',
  Enterprise: 'grape.6',
  Custom: 'orange.6',
};
const STATUS_COLORS: Record<string, string> = {
  active: 'teal.6',
  pending: 'yellow.6',
  inactive: 'red.6',
  free: 'gray.5',
};

/** Counts as labelled bars, the longest bar for the largest count. */
function Bars({ label, data }: { label: string; data: { name: string; value: number; color: string }[] }) {
  const { count } = useNumbers();
  const largest = Math.max(1, ...data.map((d) => d.value));
  return (
    <MeterList
      heading={label}
      meters={data.map((d) => ({
        key: d.name,
        label: d.name,
        value: count(d.value),
        share: (d.value / largest) * 100,
        color: d.color,
      }))}
    />
  );
}

/** The platform's organizations by the plan in force and by subscription state. */
export function OrganizationsCard() {
  const { t } = useTranslation(['dashboard', 'assessments', 'billing']);
  const { count } = useNumbers();
  const query = useOrganizationsOverview();
  return (
    <DashboardCard
      id="organizations"
      title={t('platform.organizationsTitle')}
      query={query}
      action={{ label: t('platform.openOrganizations'), to: '/account/organizations' }}
    >
      {(data) => (
        <>
          <Figure value={count(data.total)} label={t('platform.organizations')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <Bars
              label={t('platform.byPlan')}
              data={data.byPlan.map((p) => ({
                name: t(`assessments:packages.${p.plan}`),
                value: p.count,
                color: PLAN_COLORS[p.plan]!,
              }))}
            />
            <Bars
              label={t('platform.byStatus')}
              data={data.byStatus.map((s) => ({
                name: t(`billing:subscriptionStatus.${s.status}`),
                value: s.count,
                color: STATUS_COLORS[s.status]!,
              }))}
            />
          </SimpleGrid>
        </>
      )}
    </DashboardCard>
  );
}

/** Payments activated this month: how many, how much per currency, which plans; requests still waiting. */
export function PaymentsMonthCard() {
  const { t } = useTranslation(['dashboard', 'assessments']);
  const { locale, count } = useNumbers();
  const query = usePaymentsMonth();
  return (
    <DashboardCard
      id="payments-month"
      title={t('platform.paymentsTitle')}
      query={query}
      action={{ label: t('platform.openPayments'), to: '/account/payments/payment_history' }}
    >
      {(data) => (
        <>
          <Text size="sm" c="gray.7">
            {t('platform.since', { date: formatDate(data.monthStart, locale, 'UTC') })}
          </Text>
          <SimpleGrid cols={{ base: 2 }} spacing="md">
            <Figure value={count(data.activated)} label={t('platform.activated')} />
            <Figure value={count(data.pending)} label={t('platform.pending')} />
          </SimpleGrid>
          <div>
            <Title order={4} size="h6">
              {t('platform.received')}
            </Title>
            {data.totals.length === 0 ? (
              <Text size="sm" c="gray.7">
                {t('platform.noPayments')}
              </Text>
            ) : (
              <Stack gap={2} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {data.totals.map((m) => (
                  <Text key={m.currency} component="li" fz="xl" fw={700}>
                    {formatMoney(m, locale)}
                  </Text>
                ))}
              </Stack>
            )}
          </div>
          {data.activated > 0 && (
            <Bars
              label={t('platform.byPlanPaid')}
              data={data.byPlan
                .filter((p) => p.plan !== 'Free')
                .map((p) => ({
                  name: t(`assessments:packages.${p.plan}`),
                  value: p.count,
                  color: PLAN_COLORS[p.plan]!,
                }))}
            />
          )}
        </>
      )}
    </DashboardCard>
  );
}
