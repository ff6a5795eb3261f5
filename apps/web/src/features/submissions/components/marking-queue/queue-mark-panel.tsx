import type { Dispatch, RefObject } from 'react';
import { Alert, Badge, Button, Group, NumberInput, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconAlertTriangle, IconDeviceFloppy, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { QuestionRubric, SubmissionQuestion } from '@vbuilder/shared';
import { formatDateTime } from '../../../../lib/format.ts';
import { rubricPoints } from '../../lib/marking-queue.ts';
import { formatPoints } from '../../lib/numbers.ts';
import {
  suggestedChoice,
  type QueueMarkAction,
  type QueueMarkForm,
} from '../../hooks/use-queue-mark-form.ts';
import { RubricLevels } from './rubric-levels.tsx';
import { SuggestionPanel } from './suggestion-panel.tsx';

interface Props {
  form: QueueMarkForm;
  dispatch: Dispatch<QueueMarkAction>;
  question: SubmissionQuestion | undefined;
  max: number;
  rubric: QuestionRubric | null;
  /** Whether the rubrics have loaded (a missing rubric is then known to be missing). */
  rubricsLoaded: boolean;
  /** Whether a suggestion can be asked for this answer (a model is configured, the answer is text). */
  suggestions: boolean;
  asking: boolean;
  rejecting: boolean;
  saving: boolean;
  scoreRef: RefObject<HTMLInputElement | null>;
  onAsk: () => void;
  onUse: () => void;
  onReject: () => void;
  onSave: () => void;
  onEditRubric: () => void;
}

/** The mark: the AI suggestion, the rubric's levels, the score and feedback, and Save and next. */
export function QueueMarkPanel(props: Props) {
  const { form, dispatch, question, max, rubric } = props;
  const { t, i18n } = useTranslation('markingQueue');
  const rubricTotal = rubric ? rubricPoints(rubric.criteria, form.choice, max) : null;
  const chosenCount = rubric ? rubric.criteria.filter((c) => form.choice[c.id]).length : 0;

  const scoreDescription =
    rubric && rubricTotal !== null && chosenCount > 0
      ? form.score !== '' && form.score !== rubricTotal
        ? t('marker.scoreAdjusted', { points: formatPoints(rubricTotal, i18n.language) })
        : t('marker.scoreFromRubric', { chosen: chosenCount, total: rubric.criteria.length })
      : t('marker.scoreHint');

  return (
    <Stack gap="md" component="section" aria-labelledby="queue-mark-heading">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Title id="queue-mark-heading" order={2} size="h4">
          {t('marker.markHeading')}
        </Title>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPencil size={14} aria-hidden />}
          onClick={props.onEditRubric}
          disabled={!props.rubricsLoaded}
        >
          {rubric ? t('marker.editRubric') : t('marker.addRubric')}
        </Button>
      </Group>
      {props.suggestions && (
        <SuggestionPanel
          suggestion={form.suggestion}
          used={form.used}
          rubric={rubric}
          asking={props.asking}
          rejecting={props.rejecting}
          error={form.askProblem}
          onAsk={props.onAsk}
          onUse={props.onUse}
          onReject={props.onReject}
        />
      )}
      {rubric ? (
        <>
          <Text size="xs" c="gray.7">
            {t('marker.rubricHint')}
          </Text>
          <RubricLevels
            rubric={rubric}
            choice={form.choice}
            activeCriterion={form.active}
            onActivate={(criterionId) => dispatch({ type: 'activate', criterionId })}
            onChoose={(criterionId, levelId) =>
              dispatch({ type: 'choose', rubric, max, criterionId, levelId })
            }
            suggested={suggestedChoice(form.suggestion)}
          />
        </>
      ) : (
        props.rubricsLoaded && (
          <Text size="sm" c="gray.7">
            {t('marker.noRubric')}
          </Text>
        )
      )}
      <Paper withBorder radius="md" p="sm">
        <Stack gap="sm">
          <NumberInput
            ref={props.scoreRef}
            id="queue-score"
            label={t('marker.score', { max: formatPoints(max, i18n.language) })}
            description={scoreDescription}
            value={form.score}
            onChange={(value) =>
              dispatch({
                type: 'score',
                score: typeof value === 'number' ? value : value === '' ? '' : Number(value),
              })
            }
            min={0}
            max={max}
            step={0.5}
            decimalScale={2}
            clampBehavior="none"
            allowNegative={false}
            required
            error={form.scoreProblem}
            aria-keyshortcuts="E"
          />
          <Textarea
            label={t('marker.feedback')}
            description={t('marker.feedbackHint')}
            value={form.feedback}
            onChange={(event) => dispatch({ type: 'feedback', feedback: event.currentTarget.value })}
            autosize
            minRows={2}
            maxRows={6}
          />
          {question?.markedBy && question.markedAt && (
            <Badge variant="light" color="gray" style={{ alignSelf: 'flex-start', textTransform: 'none' }}>
              {t('marker.markedBy', {
                name: question.markedBy.name,
                score: formatPoints(question.score, i18n.language),
                date: formatDateTime(question.markedAt, i18n.language),
              })}
            </Badge>
          )}
          {form.saveProblem && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle />} role="alert" p="xs">
              <Text size="sm">{form.saveProblem}</Text>
            </Alert>
          )}
          <Button
            onClick={props.onSave}
            loading={props.saving}
            disabled={!question}
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            aria-keyshortcuts="Control+Enter"
            fullWidth
          >
            {t('marker.save')}
          </Button>
          <Text size="xs" c="gray.7" ta="center" visibleFrom="sm">
            {t('marker.saveHint')}
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
