import { Badge } from '@mantine/core';
import { IconCheck, IconClock, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { StudentStatusEntry } from '@vbuilder/shared';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useStudentStatuses } from '../api/get-student-statuses.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { formatPercent } from '../lib/numbers.ts';
import { LoadErrorCard } from '../../../components/load-error-card.tsx';
import { DataTable, type Column } from '../../../components/data-table/data-table.tsx';
import { MarkButton, StudentCell } from './student-cells.tsx';

interface Props {
  assessmentId: string;
  markingPath: (studentId: string) => string;
}

/** The Student Status tab (SPEC §4): every assigned student, Submitted or Pending, with Mark where answers wait. */
export function StudentStatusTab({ assessmentId, markingPath }: Props) {
  const { t, i18n } = useTranslation('submissions');
  const students = useStudentStatuses(assessmentId);

  if (students.isError) {
    return (
      <LoadErrorCard
        retryLabel={t('load.retry')}
        heading={t('load.failed')}
        error={students.error}
        onRetry={() => void students.refetch()}
        retrying={students.isFetching}
      />
    );
  }
  if (students.data?.length === 0) {
    return (
      <EmptyState
        icon={IconUsers}
        title={t('students.emptyTitle')}
        description={t('students.emptyDescription')}
      />
    );
  }

  const columns: Column<StudentStatusEntry>[] = [
    {
      key: 'student',
      header: t('columns.student'),
      primary: true,
      cell: (row) => <StudentCell student={row.student} />,
    },
    {
      key: 'status',
      header: t('columns.status'),
      cell: (row) =>
        row.status === 'Submitted' ? (
          <Badge color="teal" variant="light" leftSection={<IconCheck size={12} aria-hidden />}>
            {t('students.status.Submitted')}
          </Badge>
        ) : (
          <Badge color="gray" variant="light" leftSection={<IconClock size={12} aria-hidden />}>
            {t('students.status.Pending')}
          </Badge>
        ),
    },
    {
      key: 'attempts',
      header: t('columns.attempts'),
      cell: (row) => new Intl.NumberFormat(i18n.language).format(row.attempts),
    },
    {
      key: 'best',
      header: t('columns.best'),
      cell: (row) =>
        row.bestPercentage === null ? t('values.none') : formatPercent(row.bestPercentage, i18n.language),
    },
    {
      key: 'lastSubmitted',
      header: t('columns.lastSubmitted'),
      cell: (row) =>
        row.lastSubmittedAt ? formatDateTime(row.lastSubmittedAt, i18n.language) : t('values.none'),
    },
    {
      key: 'marking',
      header: t('columns.marking'),
      cell: (row) =>
        row.pendingMarking ? (
          <Badge color="orange" variant="light">
            {t('students.waiting')}
          </Badge>
        ) : (
          t('values.none')
        ),
    },
  ];

  return (
    <DataTable
      caption={t('students.caption')}
      columns={columns}
      rows={students.data}
      rowKey={(row) => row.student.id}
      loading={students.isPending}
      refreshing={students.isFetching && !students.isPending}
      cardActions="footer"
      minWidth={760}
      actions={(row) =>
        row.pendingMarking ? <MarkButton student={row.student} to={markingPath(row.student.id)} /> : null
      }
    />
  );
}
