import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format.ts';
import { useMarkingQueue } from '../api/get-dashboard-cards.ts';
import { useNumbers } from '../lib/numbers.ts';
import { DashboardCard, Figure } from './dashboard-card.tsx';

/** What waits for a teacher, oldest submission first, each one click from the marking screen. */
export function MarkingQueueCard() {
  const { t } = useTranslation('dashboard');
  const { locale, count } = useNumbers();
  const query = useMarkingQueue();
  return (
    <DashboardCard
      id="marking-queue"
      title={t('marking.title')}
      description={t('marking.description')}
      query={query}
    >
      {(data) => (
        <>
          <SimpleGrid cols={2} spacing="md">
            <Figure
              value={count(data.answersWaiting)}
              label={t('marking.answersLabel', { count: data.answersWaiting })}
            />
            <Figure
              value={count(data.submissionsWaiting)}
              label={t('marking.submissionsLabel', { count: data.submissionsWaiting })}
            />
          </SimpleGrid>
          {data.items.length === 0 ? (
            <Text size="sm" c="gray.7">
              {t('marking.none')}
            </Text>
          ) : (
            <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
              {data.items.map((item) => (
                <Group key={item.attemptId} component="li" justify="space-between" wrap="nowrap" gap="sm">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {item.studentName}
                    </Text>
                    <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                      {item.assessmentTitle}
                    </Text>
                    <Text size="sm" c="gray.7">
                      {t('marking.answers', { count: item.answersWaiting, n: count(item.answersWaiting) })}
                      {' · '}
                      <time dateTime={item.submittedAt}>{formatDateTime(item.submittedAt, locale)}</time>
                    </Text>
                  </div>
                  <Button
                    component={Link}
                    to={`/account/questions/pending-marking/${item.assessmentId}/${item.studentId}`}
                    size="xs"
                    variant="light"
                    // Never squeezed by a long name: the text beside it wraps instead.
                    style={{ flexShrink: 0 }}
                    aria-label={t('marking.markLabel', {
                      name: item.studentName,
                      title: item.assessmentTitle,
                    })}
                  >
                    {t('marking.mark')}
                  </Button>
                </Group>
              ))}
            </Stack>
          )}
        </>
      )}
    </DashboardCard>
  );
}
