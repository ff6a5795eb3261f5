import { BarsList } from '@mantine/charts';
import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@vbuilder/shared';
import { formatDate } from '../../../lib/format.ts';
import { useOrganizationsOverview, usePaymentsMonth } from '../api/get-dashboard-cards.ts';
import { useNumbers } from '../lib/numbers.ts';
import { DashboardCard, Figure } from './dashboard-card.tsx';

const PLAN_COLORS: Record<string, string> = {
  Free: 'gray.3',
  Basic: 'cyan.2',
  Professional: 'indigo.2',
  Enterprise: 'grape.2',
  Custom: 'orange.2',
};
const STATUS_COLORS: Record<string, string> = {
  active: 'teal.2',
  pending: 'yellow.3',
  inactive: 'red.2',
  free: 'gray.3',
};

/** A labelled list of bars (HTML, so screen readers read each name and figure as text). */
function Bars({ label, data }: { label: string; data: { name: string; value: number; color: string }[] }) {
  const { count } = useNumbers();
  return (
    <Stack gap={6}>
      <Title order={4} size="h6">
        {label}
      </Title>
      <BarsList data={data} valueFormatter={count} barTextColor="dark.8" minBarSize={8} barHeight={28} />
    </Stack>
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
        </>
      )}
    </DashboardCard>
  );
}
