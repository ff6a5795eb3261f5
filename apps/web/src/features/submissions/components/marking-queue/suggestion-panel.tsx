import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconCheck, IconSparkles, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { MarkingSuggestion, QuestionRubric } from '@vbuilder/shared';
import { formatDateTime } from '../../../../lib/format.ts';
import { formatPoints } from '../../lib/numbers.ts';

interface Props {
  suggestion: MarkingSuggestion | null;
  /** The suggestion's score and levels are in the form (the teacher may still change them). */
  used: boolean;
  rubric: QuestionRubric | null;
  asking: boolean;
  rejecting: boolean;
  /** A translated message when asking failed. */
  error: string | null;
  onAsk: () => void;
  onUse: () => void;
  onReject: () => void;
}

/**
 * The AI's suggested mark beside the teacher's own: asked for on demand, shown with
 * its rationale and the levels it chose; "Use this score" only fills the form, nothing is saved
 * until the teacher saves the mark; "Reject" sets it aside (kept, as rejected).
 */
export function SuggestionPanel(props: Props) {
  const { t, i18n } = useTranslation('markingQueue');
  const { suggestion, rubric } = props;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      bg="violet.0"
      component="section"
      aria-labelledby="suggestion-heading"
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap={6} wrap="nowrap">
            <IconSparkles size={18} aria-hidden color="var(--mantine-color-violet-7)" />
            <Text id="suggestion-heading" size="sm" fw={700}>
              {t('suggestion.title')}
            </Text>
          </Group>
          {!suggestion && (
            <Button
              size="xs"
              variant="light"
              color="violet"
              onClick={props.onAsk}
              loading={props.asking}
              aria-keyshortcuts="S"
            >
              {t('suggestion.ask')}
            </Button>
          )}
        </Group>
        {!suggestion && !props.asking && !props.error && (
          <Text size="xs" c="gray.8">
            {t('suggestion.hint')}
          </Text>
        )}
        {props.asking && (
          <Group gap="xs" role="status">
            <Loader size="xs" color="violet" />
            <Text size="sm">{t('suggestion.asking')}</Text>
          </Group>
        )}
        {props.error && (
          <Alert color="red" variant="light" role="alert" p="xs">
            <Text size="sm">{props.error}</Text>
          </Alert>
        )}
        {suggestion && (
          <Stack gap={6} data-testid="ai-suggestion">
            <Group gap="xs" wrap="wrap">
              <Text size="lg" fw={700}>
                {t('suggestion.score', {
                  score: formatPoints(suggestion.score, i18n.language),
                  max: formatPoints(suggestion.max, i18n.language),
                })}
              </Text>
              {props.used && (
                <Badge color="teal" variant="light" leftSection={<IconCheck size={12} aria-hidden />}>
                  {t('suggestion.inForm')}
                </Badge>
              )}
            </Group>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {suggestion.rationale}
            </Text>
            {rubric && suggestion.selections.length > 0 && (
              <Stack gap={2}>
                {suggestion.selections.map((s) => {
                  const criterion = rubric.criteria.find((c) => c.id === s.criterionId);
                  const level = criterion?.levels.find((l) => l.id === s.levelId);
                  if (!criterion || !level) return null;
                  return (
                    <Text key={s.criterionId} size="xs" c="gray.8">
                      {t('suggestion.level', {
                        criterion: criterion.title,
                        level: level.description,
                        points: formatPoints(level.points, i18n.language),
                      })}
                    </Text>
                  );
                })}
              </Stack>
            )}
            <Text size="xs" c="gray.7">
              {t('suggestion.meta', {
                model: suggestion.model,
                date: formatDateTime(suggestion.createdAt, i18n.language),
              })}
            </Text>
            <Text size="xs" c="gray.8" fs="italic">
              {t('suggestion.neverApplied')}
            </Text>
            <Group gap="xs" wrap="wrap">
              <Button
                size="xs"
                color="violet"
                leftSection={<IconCheck size={14} aria-hidden />}
                onClick={props.onUse}
                disabled={props.used}
                aria-keyshortcuts="A"
              >
                {t('suggestion.use')}
              </Button>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconX size={14} aria-hidden />}
                onClick={props.onReject}
                loading={props.rejecting}
              >
                {t('suggestion.reject')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
