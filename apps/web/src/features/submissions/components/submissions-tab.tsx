import { Badge, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SubmissionList, SubmissionStatus, SubmissionSummary } from '@vbuilder/shared';
import { EmptyState } from '../../../components/empty-state.tsx';
import { TablePager } from '../../../components/data-table/table-pager.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { formatPercent, formatPoints } from '../lib/numbers.ts';
import { DataTable, type Column } from '../../../components/data-table/data-table.tsx';
import { ResultBadge } from './result-badge.tsx';
import { MarkButton, StudentCell } from './student-cells.tsx';

export type StatusFilter = 'all' | SubmissionStatus;

interface Props {
  list: SubmissionList | undefined;
  loading: boolean;
  refreshing: boolean;
  filter: StatusFilter;
  onFilter: (filter: StatusFilter) => void;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
  onDetails: (attemptId: string) => void;
  markingPath: (studentId: string) => string;
}

/** The Submissions tab: every submitted attempt, newest first, with Details and Mark. */
export function SubmissionsTab({
  list,
  loading,
  refreshing,
  filter,
  onFilter,
  onPage,
  onPageSize,
  onDetails,
  markingPath,
}: Props) {
  const { t, i18n } = useTranslation('submissions');
  const columns: Column<SubmissionSummary>[] = [
    {
      key: 'student',
      header: t('columns.student'),
      primary: true,
      cell: (row) => <StudentCell student={row.student} />,
    },
    {
      key: 'attempt',
      header: t('columns.attempt'),
      cell: (row) => t('values.attemptNumber', { number: row.number }),
    },
    {
      key: 'submittedAt',
      header: t('columns.submittedAt'),
      cell: (row) => (
        <>
          {formatDateTime(row.submittedAt, i18n.language)}
          {row.submittedBy === 'deadline' && (
            <Text span size="xs" c="gray.7" display="block">
              {t('values.byDeadline')}
            </Text>
          )}
        </>
      ),
    },
    {
      key: 'score',
      header: t('columns.score'),
      cell: (row) =>
        t('values.score', {
          score: formatPoints(row.score, i18n.language),
          max: formatPoints(row.maxScore, i18n.language),
        }),
    },
    {
      key: 'percentage',
      header: t('columns.percentage'),
      cell: (row) => formatPercent(row.percentage, i18n.language),
    },
    {
      key: 'result',
      header: t('columns.result'),
      cell: (row) => <ResultBadge passed={row.status === 'Pending' ? null : row.passed} />,
    },
  ];

  const empty = !loading && list?.items.length === 0;

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <SegmentedControl
          aria-label={t('filter.label')}
          value={filter}
          onChange={(value) => onFilter(value as StatusFilter)}
          data={[
            { value: 'all', label: t('filter.all') },
            { value: 'Pending', label: t('filter.pending') },
            { value: 'Submitted', label: t('filter.marked') },
          ]}
          size="sm"
        />
        {list && list.stats.pendingMarking > 0 && (
          <Badge color="orange" variant="light" size="lg">
            {t('filter.waiting', { count: list.stats.pendingMarking })}
          </Badge>
        )}
      </Group>
      {empty ? (
        <EmptyState
          icon={IconInbox}
          title={filter === 'all' ? t('empty.title') : t('empty.filteredTitle')}
          description={filter === 'all' ? t('empty.description') : t('empty.filteredDescription')}
        />
      ) : (
        <>
          <DataTable
            caption={t('table.caption')}
            columns={columns}
            rows={list?.items}
            rowKey={(row) => row.attemptId}
            loading={loading}
            refreshing={refreshing}
            cardActions="footer"
            minWidth={760}
            actions={(row) => (
              <>
                <Button
                  variant="default"
                  size="compact-sm"
                  onClick={() => onDetails(row.attemptId)}
                  aria-label={t('actions.detailsOf', { name: row.student.name, number: row.number })}
                >
                  {t('actions.details')}
                </Button>
                {row.status === 'Pending' && (
                  <MarkButton student={row.student} to={markingPath(row.student.id)} />
                )}
              </>
            )}
          />
          {list && list.total > 0 && (
            <TablePager
              total={list.total}
              page={list.page}
              pageSize={list.pageSize}
              onPage={onPage}
              onPageSize={onPageSize}
            />
          )}
        </>
      )}
    </Stack>
  );
}
