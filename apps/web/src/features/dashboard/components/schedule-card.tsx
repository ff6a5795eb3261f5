import { Anchor, Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ScheduleItem } from '@vbuilder/shared';
import { formatDateTime } from '../../../lib/format.ts';
import { useSchedule } from '../api/get-dashboard-cards.ts';
import { spanOf, useNumbers } from '../lib/numbers.ts';
import { DashboardCard, Figure } from './dashboard-card.tsx';

interface Props {
  userId: string;
  /** A Student sees theirs to take (with a link to take it); staff the organization's. */
  student: boolean;
}

function When({ item, bucket }: { item: ScheduleItem; bucket: 'open' | 'upcoming' }) {
  const { t } = useTranslation('dashboard');
  const { locale, count } = useNumbers();
  const at = bucket === 'open' ? item.endsAt : item.startsAt;
  if (!at)
    return (
      <Text size="sm" c="gray.7">
        {t('schedule.noEnd')}
      </Text>
    );
  const span = spanOf(new Date(at).getTime() - Date.now());
  const n = count(span.count);
  // Spelled out so the catalog tools see each key.
  const left =
    span.unit === 'day'
      ? t('schedule.units.day', { count: span.count, n })
      : span.unit === 'hour'
        ? t('schedule.units.hour', { count: span.count, n })
        : t('schedule.units.minute', { count: span.count, n });
  return (
    <Text size="sm" c="gray.7">
      {t(bucket === 'open' ? 'schedule.closesIn' : 'schedule.opensIn', { time: left })}
      {' · '}
      <time dateTime={at}>{formatDateTime(at, locale)}</time>
    </Text>
  );
}

function List({
  items,
  bucket,
  linkOf,
  empty,
}: {
  items: ScheduleItem[];
  bucket: 'open' | 'upcoming';
  linkOf: (item: ScheduleItem) => string | null;
  empty: string;
}) {
  const { t } = useTranslation('dashboard');
  if (!items.length) {
    return (
      <Text size="sm" c="gray.7">
        {empty}
      </Text>
    );
  }
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((item) => {
        const to = linkOf(item);
        return (
          <li key={item.id}>
            <Group gap={6} wrap="nowrap" align="baseline">
              {to ? (
                <Anchor component={Link} to={to} fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {item.title}
                </Anchor>
              ) : (
                <Text fw={600}>{item.title}</Text>
              )}
              {item.inProgressAttemptId && (
                <Badge size="sm" variant="light" color="orange">
                  {t('schedule.inProgress')}
                </Badge>
              )}
            </Group>
            <Text size="sm" c="gray.7">
              {item.subject}
            </Text>
            <When item={item} bucket={bucket} />
          </li>
        );
      })}
    </Stack>
  );
}

/** Assessments open now and upcoming: a Student's to take, or the organization's. */
export function ScheduleCard({ userId, student }: Props) {
  const { t } = useTranslation('dashboard');
  const { count } = useNumbers();
  const query = useSchedule();
  const linkOf = (item: ScheduleItem) =>
    student
      ? `/account/user/${userId}/quiz/${item.id}`
      : `/account/user/questions/${userId}/quiz/${item.id}/view`;
  return (
    <DashboardCard
      id="schedule"
      title={t(student ? 'schedule.studentTitle' : 'schedule.title')}
      query={query}
      action={{
        label: t(student ? 'assessments.openMine' : 'assessments.openList'),
        to: `/account/questions/${userId}`,
      }}
    >
      {(data) => (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Stack gap="sm">
            <Figure
              value={count(data.openNow.total)}
              label={t(student ? 'schedule.toTakeNow' : 'schedule.openNow')}
            />
            <List
              items={data.openNow.items}
              bucket="open"
              linkOf={linkOf}
              empty={t(student ? 'schedule.nothingToTake' : 'schedule.nothingOpen')}
            />
          </Stack>
          <Stack gap="sm">
            <Figure value={count(data.upcoming.total)} label={t('schedule.upcoming')} />
            <List
              items={data.upcoming.items}
              bucket="upcoming"
              // Nothing to take before it opens: a Student reads the title only.
              linkOf={student ? () => null : linkOf}
              empty={t('schedule.nothingUpcoming')}
            />
          </Stack>
        </SimpleGrid>
      )}
    </DashboardCard>
  );
}
