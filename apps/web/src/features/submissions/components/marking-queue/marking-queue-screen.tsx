import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCircleCheck, IconPlayerPlay, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { MarkingQueueItem, MarkingQueueQuery, QuestionTypeId } from '@vbuilder/shared';
import { formatDateTime } from '../../../../lib/format.ts';
import { LoadErrorCard } from '../../../../components/load-error-card.tsx';
import { useMarkingQueue } from '../../api/marking-queue.ts';
import { groupsOf, itemKey, type QueueGroup, type QueueMode } from '../../lib/marking-queue.ts';
import { QueueMarker } from './queue-marker.tsx';

/** A marking session: the answers of one group as they were when it started, and those marked since. */
interface Session {
  mode: QueueMode;
  items: MarkingQueueItem[];
  index: number;
  done: ReadonlySet<string>;
}

/**
 * The marking queue: every answer of the organization that waits for a person, oldest
 * first, filtered by assessment, question type and student; grouped by question (all answers to
 * Q3 one after another) or by student (all open answers of one attempt), then marked one by one.
 */
export function MarkingQueueScreen() {
  const { t, i18n } = useTranslation(['markingQueue', 'questionTypes']);
  const [assessmentId, setAssessmentId] = useState<string | null>(null);
  const [type, setType] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [mode, setMode] = useState<QueueMode>('question');
  const [session, setSession] = useState<Session | null>(null);
  const [finished, setFinished] = useState<number | null>(null);

  const filters: MarkingQueueQuery = {
    ...(assessmentId && { assessmentId }),
    ...(type && { type: type as QuestionTypeId }),
    ...(debouncedSearch && { search: debouncedSearch }),
  };
  const queue = useMarkingQueue(filters);
  const groups = useMemo(() => groupsOf(queue.data?.items ?? [], mode), [queue.data, mode]);

  // An assessment or type whose answers are all marked leaves the filters: the queue moves on to
  // what still waits rather than showing a choice that no longer exists.
  const facets = queue.data;
  useEffect(() => {
    if (!facets) return;
    if (assessmentId && !facets.assessments.some((a) => a.id === assessmentId)) setAssessmentId(null);
    if (type && !facets.types.includes(type as QuestionTypeId)) setType(null);
  }, [facets, assessmentId, type]);

  const start = (group: QueueGroup) => {
    setFinished(null);
    setSession({ mode, items: group.items, index: 0, done: new Set() });
    window.scrollTo({ top: 0 });
  };

  const header = (
    <div>
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      <Text size="sm" c="gray.7">
        {t('intro')}
      </Text>
    </div>
  );

  if (session) {
    const item = session.items[session.index]!;
    const move = (index: number) => setSession({ ...session, index });
    const onSaved = () => {
      const done = new Set(session.done).add(itemKey(item));
      const after = session.items.findIndex((it, i) => i > session.index && !done.has(itemKey(it)));
      const next = after >= 0 ? after : session.items.findIndex((it) => !done.has(itemKey(it)));
      if (next < 0) {
        setFinished(session.items.length);
        setSession(null);
        void queue.refetch();
        return;
      }
      setSession({ ...session, index: next, done });
    };
    return (
      <Stack gap="md" maw={1280} mx="auto" w="100%">
        {header}
        <QueueMarker
          key={itemKey(item)}
          item={item}
          mode={session.mode}
          position={session.index}
          count={session.items.length}
          marked={session.done.size}
          aiAvailable={queue.data?.aiAvailable ?? false}
          onPrevious={session.index > 0 ? () => move(session.index - 1) : null}
          onNext={session.index < session.items.length - 1 ? () => move(session.index + 1) : null}
          onSaved={onSaved}
          onSuggestion={(suggestion) =>
            setSession(
              (current) =>
                current && {
                  ...current,
                  items: current.items.map((it) =>
                    itemKey(it) === itemKey(item) ? { ...it, suggestion } : it,
                  ),
                },
            )
          }
          onBack={() => {
            setSession(null);
            void queue.refetch();
          }}
        />
      </Stack>
    );
  }

  const typeLabel = (id: string) => t(`questionTypes:types.${id}.label`, { defaultValue: id });

  return (
    <Stack gap="lg" maw={1280} mx="auto" w="100%">
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        {header}
        {queue.data && (
          <Badge size="lg" variant="light" color={queue.data.total > 0 ? 'orange' : 'teal'} role="status">
            {t('waiting', { count: queue.data.total })}
          </Badge>
        )}
      </Group>

      {finished !== null && (
        <Alert
          color="teal"
          variant="light"
          icon={<IconCircleCheck />}
          title={t('finished.title')}
          role="status"
        >
          {t('finished.body', { count: finished })}
        </Alert>
      )}

      <Paper withBorder radius="md" p="sm">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
          <Select
            label={t('filters.assessment')}
            placeholder={t('filters.allAssessments')}
            data={(queue.data?.assessments ?? []).map((a) => ({
              value: a.id,
              label: t('filters.assessmentOption', { title: a.title, waiting: a.waiting }),
            }))}
            value={assessmentId}
            onChange={setAssessmentId}
            clearable
            searchable
            nothingFoundMessage={t('filters.none')}
          />
          <Select
            label={t('filters.type')}
            placeholder={t('filters.allTypes')}
            data={(queue.data?.types ?? []).map((id) => ({ value: id, label: typeLabel(id) }))}
            value={type}
            onChange={setType}
            clearable
          />
          <TextInput
            label={t('filters.student')}
            placeholder={t('filters.studentPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
          <div>
            <Text size="sm" fw={500} mb={4} id="queue-mode-label">
              {t('mode.label')}
            </Text>
            <SegmentedControl
              fullWidth
              aria-labelledby="queue-mode-label"
              value={mode}
              onChange={(value) => setMode(value as QueueMode)}
              data={[
                { value: 'question', label: t('mode.question') },
                { value: 'student', label: t('mode.student') },
              ]}
            />
          </div>
        </SimpleGrid>
      </Paper>

      {queue.isPending ? (
        <Stack gap="sm" aria-busy>
          <Skeleton h={72} radius="md" />
          <Skeleton h={72} radius="md" />
        </Stack>
      ) : queue.isError ? (
        <LoadErrorCard
          heading={t('loadFailed')}
          error={queue.error}
          retryLabel={t('retry')}
          onRetry={() => void queue.refetch()}
          retrying={queue.isFetching}
        />
      ) : groups.length === 0 ? (
        <Paper withBorder radius="md" p="lg">
          <Stack gap={4} align="center">
            <IconCircleCheck size={32} color="var(--mantine-color-teal-7)" aria-hidden />
            <Text fw={600}>{Object.keys(filters).length > 0 ? t('empty.filtered') : t('empty.title')}</Text>
            <Text size="sm" c="gray.7" ta="center">
              {Object.keys(filters).length > 0 ? t('empty.filteredHint') : t('empty.hint')}
            </Text>
          </Stack>
        </Paper>
      ) : (
        <Stack gap="sm" component="section" aria-labelledby="queue-groups-heading">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Title id="queue-groups-heading" order={2} size="h4">
              {mode === 'question' ? t('groups.byQuestion') : t('groups.byStudent')}
            </Title>
            <Button leftSection={<IconPlayerPlay size={16} aria-hidden />} onClick={() => start(groups[0]!)}>
              {t('groups.startOldest')}
            </Button>
          </Group>
          {queue.data.truncated && (
            <Text size="sm" c="gray.7">
              {t('groups.truncated', { shown: queue.data.items.length, total: queue.data.total })}
            </Text>
          )}
          {groups.map((group) => (
            <GroupRow
              key={group.key}
              group={group}
              typeLabel={typeLabel(group.first.questionType)}
              oldest={formatDateTime(group.first.submittedAt, i18n.language)}
              onStart={() => start(group)}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function GroupRow({
  group,
  typeLabel,
  oldest,
  onStart,
}: {
  group: QueueGroup;
  typeLabel: string;
  oldest: string;
  onStart: () => void;
}) {
  const { t } = useTranslation('markingQueue');
  const { first } = group;
  const titleId = `group-${group.key.replace(/[^a-zA-Z0-9-]/g, '-')}`;
  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-labelledby={titleId}>
      <Group justify="space-between" gap="sm" wrap="wrap" align="center">
        <Stack gap={2} style={{ flex: '1 1 260px', minWidth: 0 }}>
          {group.mode === 'question' ? (
            <>
              <Text id={titleId} fw={600} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                {t('groups.questionTitle', { number: first.questionNumber, text: first.questionText })}
              </Text>
              <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                {first.assessment.title} · {typeLabel}
              </Text>
            </>
          ) : (
            <>
              <Text id={titleId} fw={600} style={{ overflowWrap: 'anywhere' }}>
                {first.student.name}
                <Text span size="sm" c="gray.7" fw={400}>
                  {' '}
                  · {first.student.email}
                </Text>
              </Text>
              <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                {t('groups.attempt', { title: first.assessment.title, number: first.attemptNumber })}
              </Text>
            </>
          )}
          <Text size="xs" c="gray.7">
            {t('groups.oldest', { date: oldest })}
          </Text>
        </Stack>
        <Group gap="sm" wrap="nowrap">
          <Badge variant="light" color="orange" style={{ flex: 'none' }}>
            {t('groups.waiting', { count: group.items.length })}
          </Badge>
          <Button
            variant="light"
            onClick={onStart}
            aria-label={t('groups.markLabel', {
              what:
                group.mode === 'question'
                  ? t('groups.questionShort', { number: first.questionNumber, title: first.assessment.title })
                  : first.student.name,
            })}
          >
            {t('groups.mark')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
