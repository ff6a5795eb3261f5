import { useTranslation } from 'react-i18next';
import { useDashboardSummary } from '../api/get-dashboard-summary.ts';
import { useNumbers } from '../lib/numbers.ts';
import { DashboardCard } from './dashboard-card.tsx';
import { MeterList } from './meter-list.tsx';

/**
 * An Administrator's people by role, compared as bars: the overview's figures (the same query,
 * asked once), the longest bar for the largest group.
 */
export function UsersByRoleCard() {
  const { t } = useTranslation('dashboard');
  const { count } = useNumbers();
  const query = useDashboardSummary();
  return (
    <DashboardCard id="users-by-role" title={t('usersByRole.title')} query={query}>
      {({ users }) => {
        const others = users.total - users.students - users.teachers - users.administrators;
        const rows = [
          { key: 'students', label: t('cards.students'), value: users.students, color: 'teal.6' },
          { key: 'teachers', label: t('cards.teachers'), value: users.teachers, color: 'grape.6' },
          {
            key: 'administrators',
            label: t('cards.administrators'),
            value: users.administrators,
            color: 'orange.6',
          },
          ...(others > 0
            ? [{ key: 'others', label: t('cards.otherRoles'), value: others, color: 'gray.5' }]
            : []),
        ];
        const largest = Math.max(1, ...rows.map((r) => r.value));
        return (
          <MeterList
            meters={rows.map((r) => ({ ...r, value: count(r.value), share: (r.value / largest) * 100 }))}
          />
        );
      }}
    </DashboardCard>
  );
}
