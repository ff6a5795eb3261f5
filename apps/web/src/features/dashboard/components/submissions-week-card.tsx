import { BarChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { useSubmissionsWeek } from '../api/get-dashboard-cards.ts';
import { useNumbers } from '../lib/numbers.ts';
import { ChartTable } from './chart-table.tsx';
import { DashboardCard, Figure } from './dashboard-card.tsx';
import { intlLocale } from '@vbuilder/shared';

/**
 * A calendar day (YYYY-MM-DD) as a short axis label that fits seven across a phone: the weekday
 * where the browser knows the language (the table under the chart gives the full dates).
 */
function dayLabel(date: string, locale: string): string {
  const noon = new Date(`${date}T12:00:00Z`);
  // Chromium lacks some languages' names (km, my, ne): day and month in digits read right everywhere.
  const known = Intl.DateTimeFormat.supportedLocalesOf([locale]).length > 0;
  return new Intl.DateTimeFormat(intlLocale(locale), {
    timeZone: 'UTC',
    ...(known ? { weekday: 'short' } : { day: 'numeric', month: 'numeric' }),
  }).format(noon);
}

/** Submissions on each of the last 7 days: when the work came in. */
export function SubmissionsWeekCard() {
  const { t } = useTranslation('dashboard');
  const { locale, count } = useNumbers();
  const query = useSubmissionsWeek();
  return (
    <DashboardCard
      id="submissions-week"
      title={t('week.title')}
      description={t('week.description')}
      query={query}
    >
      {(data) => {
        const series = t('week.submissions');
        const rows = data.days.map((d) => ({
          day: dayLabel(d.date, locale),
          [series]: d.count,
          date: d.date,
        }));
        return (
          <>
            <Figure value={count(data.total)} label={t('week.total')} />
            <div aria-hidden>
              <BarChart
                h={180}
                data={rows}
                dataKey="day"
                series={[{ name: series, color: 'indigo.6' }]}
                tickLine="none"
                gridAxis="y"
                valueFormatter={count}
                yAxisProps={{ allowDecimals: false, width: 32 }}
                xAxisProps={{ interval: 0, tick: { fontSize: 11 } }}
                withTooltip={false}
                withBarValueLabel
                maxBarWidth={36}
                accessibilityLayer={false}
              />
            </div>
            <ChartTable
              caption={t('week.title')}
              columns={[t('week.day'), series]}
              rows={data.days.map((d) => ({
                key: d.date,
                cells: [formatDate(d.date, locale, 'UTC'), count(d.count)],
              }))}
            />
          </>
        );
      }}
    </DashboardCard>
  );
}
