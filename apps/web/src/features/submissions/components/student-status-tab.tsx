import { useEffect, useState } from 'react';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import {
  IconCheck,
  IconClock,
  IconClockPlus,
  IconHourglassHigh,
  IconLockOpen,
  IconUsers,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { StudentStatusEntry } from '@vbuilder/shared';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useStudentStatuses } from '../api/get-student-statuses.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { formatPercent } from '../lib/numbers.ts';
import { LoadErrorCard } from '../../../components/load-error-card.tsx';
import { DataTable, type Column } from '../../../components/data-table/data-table.tsx';
import { MarkButton, StudentCell } from './student-cells.tsx';
import { useAccommodations, useReleaseResults, useReleaseStatus } from '../api/accommodations.ts';
import { AccommodationBadge } from './accommodations/accommodation-badge.tsx';
import { AccommodationDialog } from './accommodations/accommodation-dialog.tsx';
import { ReleaseBar } from './accommodations/release-bar.tsx';
import { formatTimeLeft, remainingAt } from '../lib/time-left.ts';
import { intlLocale } from '@vbuilder/shared';

interface Props {
  assessmentId: string;
  markingPath: (studentId: string) => string;
  /** The assessment's time limit (for the extra-time dialog's percentage hint). */
  durationMinutes?: number | null;
  /** Whether the viewer may set accommodations (those who mark). */
  canManage?: boolean;
  /** Whether the viewer may release results (the assessment's author and the administrators). */
  canRelease?: boolean;
}

type InProgress = NonNullable<StudentStatusEntry['inProgress']>;

/**
 * "In progress" and the time left, counting down each second from what the server counted when
 * it answered (the list is read again every 30 seconds, which brings a moved deadline).
 */
function InProgressCell({ attempt, receivedAt }: { attempt: InProgress; receivedAt: number }) {
  const { t, i18n } = useTranslation('submissions');
  const { secondsLeft } = attempt;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (secondsLeft === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [secondsLeft, receivedAt]);
  const left = secondsLeft === null ? null : remainingAt(secondsLeft, receivedAt, now);
  return (
    <Stack gap={2} align="flex-start">
      <Badge color="blue" variant="light" leftSection={<IconHourglassHigh size={12} aria-hidden />}>
        {t('students.status.InProgress')}
      </Badge>
      <Text size="xs" c={left === 0 ? 'red.8' : 'gray.7'} data-testid="time-left">
        {left === null
          ? t('students.noTimeLimit')
          : left === 0
            ? t('students.timeUp')
            : t('students.timeLeft', { time: formatTimeLeft(left, i18n.language) })}
      </Text>
    </Stack>
  );
}

/**
 * The Student Status tab: every assigned student, Submitted or Pending, or In progress
 * with the time left while sitting it, with Mark where answers wait.
 */
export function StudentStatusTab({
  assessmentId,
  markingPath,
  durationMinutes = null,
  canManage = false,
  canRelease = false,
}: Props) {
  const { t, i18n } = useTranslation('submissions');
  const students = useStudentStatuses(assessmentId);
  // Extra time, own windows and results not released yet, beside each student.
  const accommodations = useAccommodations(assessmentId);
  const release = useReleaseStatus(assessmentId);
  const releaseResults = useReleaseResults(assessmentId);
  const [editing, setEditing] = useState<{ id: string; name: string } | null>(null);
  const accommodationOf = (studentId: string) =>
    accommodations.data?.data.find((a) => a.studentId === studentId) ?? null;
  const unreleasedOf = (studentId: string) =>
    release.data?.unreleased.find((u) => u.studentId === studentId)?.attempts ?? 0;

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
      // Beside the name, not a column of its own: the table keeps its width on a laptop.
      cell: (row) => {
        const accommodation = accommodationOf(row.student.id);
        const unreleased = unreleasedOf(row.student.id) > 0;
        return (
          <Stack gap={4}>
            <StudentCell student={row.student} />
            {(accommodation || unreleased) && (
              <Group gap={4} wrap="wrap">
                {accommodation && <AccommodationBadge accommodation={accommodation} />}
                {unreleased && (
                  <Badge color="blue" variant="outline">
                    {t('release.notReleased')}
                  </Badge>
                )}
              </Group>
            )}
          </Stack>
        );
      },
    },
    {
      key: 'status',
      header: t('columns.status'),
      cell: (row) =>
        row.inProgress ? (
          <InProgressCell attempt={row.inProgress} receivedAt={students.dataUpdatedAt} />
        ) : row.status === 'Submitted' ? (
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
      cell: (row) => new Intl.NumberFormat(intlLocale(i18n.language)).format(row.attempts),
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

  const editingAccommodation = editing ? accommodationOf(editing.id) : null;
  return (
    <>
      {canRelease && release.data && (
        <ReleaseBar
          status={release.data}
          releasing={releaseResults.isPending && releaseResults.variables === undefined}
          onReleaseAll={() => releaseResults.mutate(undefined)}
        />
      )}
      <DataTable
        caption={t('students.caption')}
        columns={columns}
        rows={students.data}
        rowKey={(row) => row.student.id}
        loading={students.isPending}
        refreshing={students.isFetching && !students.isPending}
        cardActions="footer"
        minWidth={760}
        actions={(row) => (
          <Group gap="xs" wrap="nowrap">
            {row.pendingMarking && <MarkButton student={row.student} to={markingPath(row.student.id)} />}
            {canRelease && unreleasedOf(row.student.id) > 0 && (
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconLockOpen size={14} aria-hidden />}
                aria-label={t('release.releaseStudent', { name: row.student.name })}
                loading={releaseResults.isPending && releaseResults.variables?.[0] === row.student.id}
                onClick={() => releaseResults.mutate([row.student.id])}
              >
                {t('release.release')}
              </Button>
            )}
            {canManage && (
              <Button
                size="compact-sm"
                variant="default"
                leftSection={<IconClockPlus size={14} aria-hidden />}
                aria-label={t('accommodations.openFor', { name: row.student.name })}
                onClick={() => setEditing({ id: row.student.id, name: row.student.name })}
              >
                {t('accommodations.add')}
              </Button>
            )}
          </Group>
        )}
      />
      {editing && (
        <AccommodationDialog
          key={editing.id}
          opened
          assessmentId={assessmentId}
          student={editing}
          current={editingAccommodation}
          durationMinutes={durationMinutes}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
