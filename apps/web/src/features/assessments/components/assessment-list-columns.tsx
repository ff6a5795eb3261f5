import { Anchor, Badge, Group, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { ASSESSMENT_SORT_FIELDS, AssessmentSummary } from '@vbuilder/shared';
import type { Column } from '../../../components/data-table/data-table.tsx';
import { formatDate, formatTime } from '../../../lib/format.ts';
import { assessmentPaths } from '../lib/assessment-paths.ts';
import { AssessmentStatusBadges } from './assessment-status.tsx';

export type AssessmentSortField = (typeof ASSESSMENT_SORT_FIELDS)[number];
type AssessmentColumn = Column<AssessmentSummary, AssessmentSortField>;

interface Options {
  t: TFunction<'assessments'>;
  locale: string | undefined;
  /** Staff see drafts, open the assessment from its title and sort by creation. */
  staff: boolean;
  userId: string;
}

/** No value: a dash that screen readers skip (the timing badge already says 'Not set'). */
const Nothing = () => (
  <Text span size="sm" c="gray.7" aria-hidden>
    —
  </Text>
);

const when = (iso: string | null, format: (iso: string) => string) => (iso ? format(iso) : <Nothing />);

/**
 * The list's columns (docs/product/screens.md): title with subject and difficulty underneath, status, start and end
 * dates and times in the reader's time zone; staff also see when each was created.
 */
export function assessmentColumns({ t, locale, staff, userId }: Options): AssessmentColumn[] {
  const date = (iso: string) => formatDate(iso, locale);
  const time = (iso: string) => formatTime(iso, locale);
  const columns: AssessmentColumn[] = [
    {
      key: 'title',
      header: t('columns.title'),
      sortField: 'title',
      primary: true,
      width: 240,
      cell: (a) => (
        // Long titles wrap here rather than widening the whole table.
        <div style={{ whiteSpace: 'normal', minWidth: 200, maxWidth: 340 }}>
          {staff ? (
            <Anchor component={Link} to={assessmentPaths.view(userId, a.id)} fw={600} size="sm">
              {a.title}
            </Anchor>
          ) : (
            <Text fw={600} size="sm" span>
              {a.title}
            </Text>
          )}
          <Group gap={6} mt={2} wrap="wrap">
            <Text size="xs" c="gray.7">
              {t('list.subjectAndDifficulty', {
                subject: a.subject,
                difficulty: t(`difficulty.${a.difficulty}`),
              })}
            </Text>
            {a.generationType === 'ai' && (
              <Badge size="xs" variant="light" color="violet" radius="sm" style={{ textTransform: 'none' }}>
                {t('generationType.ai')}
              </Badge>
            )}
          </Group>
        </div>
      ),
    },
    {
      key: 'status',
      header: t('columns.status'),
      cell: (a) => <AssessmentStatusBadges timing={a.timing} status={a.status} />,
    },
    {
      key: 'startDate',
      header: t('columns.startDate'),
      sortField: 'startsAt',
      cell: (a) => when(a.startsAt, date),
    },
    { key: 'endDate', header: t('columns.endDate'), sortField: 'endsAt', cell: (a) => when(a.endsAt, date) },
    { key: 'startTime', header: t('columns.startTime'), cell: (a) => when(a.startsAt, time) },
    { key: 'endTime', header: t('columns.endTime'), cell: (a) => when(a.endsAt, time) },
  ];
  if (staff) {
    columns.push({
      key: 'created',
      header: t('columns.created'),
      sortField: 'createdAt',
      cell: (a) => date(a.createdAt),
    });
  }
  return columns;
}
