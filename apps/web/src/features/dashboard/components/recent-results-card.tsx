import { BarChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRecentResults } from '../api/get-dashboard-cards.ts';
import { useNumbers } from '../lib/numbers.ts';
import { ChartTable } from './chart-table.tsx';
import { DashboardCard } from './dashboard-card.tsx';

/** Long titles are cut on the axis (the table keeps them whole). */
const short = (title: string) => (title.length > 18 ? `${title.slice(0, 17)}…` : title);

/** One line per title: recharts would wrap it into a narrow column. */
function TitleTick({ x, y, payload }: { x?: number; y?: number; payload?: { value: string } }) {
  return (
    <text x={x} y={y} dy={4} textAnchor="end" fontSize={12} fill="var(--mantine-color-gray-8)">
      {payload?.value}
    </text>
  );
}

/** Pass rate and average per recent assessment, side by side, so a hard one stands out. */
export function RecentResultsCard() {
  const { t } = useTranslation('dashboard');
  const { count, percent } = useNumbers();
  const query = useRecentResults();
  return (
    <DashboardCard
      id="recent-results"
      title={t('results.title')}
      description={t('results.description')}
      query={query}
    >
      {(data) => {
        if (!data.items.length) {
          return (
            <Text size="sm" c="gray.7">
              {t('results.none')}
            </Text>
          );
        }
        const passRate = t('results.passRate');
        const average = t('results.average');
        const rows = data.items.map((i) => ({
          title: short(i.title),
          [passRate]: i.passRate,
          [average]: i.averagePercentage ?? 0,
        }));
        return (
          <>
            <div aria-hidden>
              <BarChart
                h={Math.max(170, data.items.length * 72 + 56)}
                data={rows}
                dataKey="title"
                orientation="vertical"
                series={[
                  { name: passRate, color: 'teal.6' },
                  { name: average, color: 'indigo.5' },
                ]}
                withLegend
                legendProps={{ verticalAlign: 'bottom' }}
                tickLine="none"
                gridAxis="x"
                valueFormatter={percent}
                xAxisProps={{ domain: [0, 100], ticks: [0, 50, 100] }}
                yAxisProps={{ width: 128, tick: <TitleTick /> }}
                withBarValueLabel
                valueLabelProps={{ position: 'right', fontSize: 11 }}
                minBarSize={2}
                withTooltip={false}
                accessibilityLayer={false}
              />
            </div>
            <ChartTable
              caption={t('results.title')}
              columns={[
                t('results.assessment'),
                t('results.submissions'),
                passRate,
                average,
                t('results.waiting'),
              ]}
              rows={data.items.map((i) => ({
                key: i.assessmentId,
                cells: [
                  i.title,
                  count(i.submitted),
                  percent(i.passRate),
                  i.averagePercentage === null ? '—' : percent(i.averagePercentage),
                  count(i.pendingMarking),
                ],
              }))}
            />
          </>
        );
      }}
    </DashboardCard>
  );
}
