import { BarsList } from '@mantine/charts';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DashboardMyResults } from '@vbuilder/shared';
import { formatDate } from '../../../lib/format.ts';
import { useMyResults } from '../api/get-dashboard-cards.ts';
import { useNumbers } from '../lib/numbers.ts';
import { ChartTable } from './chart-table.tsx';
import { DashboardCard } from './dashboard-card.tsx';

type Result = DashboardMyResults['items'][number];

const colorOf = (r: Result) => (r.pending ? 'gray.4' : r.passed ? 'teal.3' : 'red.2');

/** A Student's latest results as bars, passed, not passed or waiting for a teacher told in words too. */
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
          <>
            <div aria-hidden>
              <BarsList
                data={data.items.map((r) => ({
                  name: `${r.title} · ${outcome(r)}`,
                  value: r.percentage,
                  color: colorOf(r),
                }))}
                valueFormatter={percent}
                barsLabel={t('results.assessment')}
                valueLabel={t('myResults.score')}
                barTextColor="dark.8"
                minBarSize="45%"
              />
            </div>
            <ChartTable
              caption={t('myResults.title')}
              columns={[
                t('results.assessment'),
                t('myResults.score'),
                t('myResults.outcome'),
                t('myResults.date'),
              ]}
              rows={data.items.map((r) => ({
                key: r.attemptId,
                cells: [r.title, percent(r.percentage), outcome(r), formatDate(r.submittedAt, locale)],
              }))}
            />
          </>
        );
      }}
    </DashboardCard>
  );
}
