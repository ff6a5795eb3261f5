import { Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { usePlanUsage } from '../api/get-dashboard-cards.ts';
import { useNumbers } from '../lib/numbers.ts';
import { DashboardCard, Figure } from './dashboard-card.tsx';

/** The organization's assessments created this month against its plan's allowance. */
export function PlanUsageCard() {
  const { t } = useTranslation(['dashboard', 'assessments']);
  const { locale, count, percent } = useNumbers();
  const query = usePlanUsage();
  return (
    <DashboardCard
      id="plan-usage"
      title={t('usage.title')}
      query={query}
      action={{ label: t('usage.openPlan'), to: '/account/subscription' }}
    >
      {(usage) => {
        const limit = usage.plan.monthlyAssessments;
        const share = limit ? Math.min(100, (usage.usedThisMonth / limit) * 100) : 0;
        const plan = t(`assessments:packages.${usage.plan.name}`);
        return (
          <>
            <Figure
              value={
                limit === null
                  ? count(usage.usedThisMonth)
                  : `${count(usage.usedThisMonth)} / ${count(limit)}`
              }
              label={t('usage.createdThisMonth', { plan })}
            />
            {limit !== null && (
              <Progress
                value={share}
                color={usage.limitReached ? 'red' : share >= 80 ? 'orange' : 'indigo'}
                size="lg"
                radius="xl"
                aria-label={t('usage.share', { share: percent(share) })}
              />
            )}
            <Text size="sm" c={usage.limitReached ? 'red.8' : 'gray.7'}>
              {limit === null
                ? t('usage.unlimited')
                : usage.limitReached
                  ? t('usage.limitReached', { date: formatDate(usage.resetsAt, locale) })
                  : t('usage.remaining', {
                      n: count(usage.remaining ?? 0),
                      date: formatDate(usage.resetsAt, locale),
                    })}
            </Text>
          </>
        );
      }}
    </DashboardCard>
  );
}
