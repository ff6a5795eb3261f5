import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DashboardMyResults } from '@vbuilder/shared';
import { formatDate } from '../../../lib/format.ts';
import { useMyResults } from '../api/get-dashboard-cards.ts';
import { useNumbers } from '../lib/numbers.ts';
import { DashboardCard } from './dashboard-card.tsx';
import { MeterList } from './meter-list.tsx';

type Result = DashboardMyResults['items'][number];

const colorOf = (r: Result) => (r.pending ? 'gray.5' : r.passed ? 'teal.6' : 'red.6');

/** A Student's latest results as bars; passed, not passed or waiting for a teacher is told in words too. */
export function MyResultsCard() {
  const { t } = useTranslation('dashboard');
  const { locale, percent } = useNumbers();
  const query = useMyResults();
  const outcome = (r: Result) =>
    r.pending ? t('myResults.pending') : r.passed ? t('myResults.passed') : t('myResults.notPassed');
  return (
    <DashboardCard id="my-results" title={t('myResults.title')} query={query}>
      {(data) => {
        if (!data.items.length) {
          return (
            <Text size="sm" c="gray.7">
              {t('myResults.none')}
            </Text>
          );
        }
        return (
          <MeterList
            meters={data.items.map((r) => ({
              key: r.attemptId,
              label: r.title,
              note: `${outcome(r)} · ${formatDate(r.submittedAt, locale)}`,
              value: percent(r.percentage),
              share: r.percentage,
              color: colorOf(r),
            }))}
          />
        );
      }}
    </DashboardCard>
  );
}
