import { useCallback, useEffect, useRef } from 'react';
import { Grid, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import {
  familyOf,
  getQuestionType,
  type MarkingQueueItem,
  type MarkingSuggestion,
  type QuestionRubric,
  type SubmissionQuestion,
} from '@vbuilder/shared';
import { isApiError } from '../../../../lib/api-client.ts';
import { errorCodeOf } from '../../../../lib/api-errors.ts';
import { LoadErrorCard } from '../../../../components/load-error-card.tsx';
import { useSubmissionDetail } from '../../api/get-submission-detail.ts';
import { useAskSuggestion, useQueueMark, useRejectSuggestion, useRubrics } from '../../api/marking-queue.ts';
import { useMarkerShortcuts } from '../../hooks/use-marker-shortcuts.ts';
import { useQueueMarkForm } from '../../hooks/use-queue-mark-form.ts';
import { scoreError } from '../../lib/marking.ts';
import { selectionsOf, type QueueMode } from '../../lib/marking-queue.ts';
import { formatPoints } from '../../lib/numbers.ts';
import { MarkerProgress } from './marker-progress.tsx';
import { QueueAnswerPanel } from './queue-answer-panel.tsx';
import { QueueMarkPanel } from './queue-mark-panel.tsx';
import { RubricEditor } from './rubric-editor.tsx';
import { ShortcutsHelp } from './shortcuts-help.tsx';

interface Props {
  item: MarkingQueueItem;
  mode: QueueMode;
  /** 0-based place in the session, and how many answers it has. */
  position: number;
  count: number;
  /** How many of the session's answers are marked already. */
  marked: number;
  aiAvailable: boolean;
  onPrevious: (() => void) | null;
  onNext: (() => void) | null;
  onSaved: () => void;
  onBack: () => void;
  /** Tells the session a suggestion was asked for or set aside, so going back to the answer shows it. */
  onSuggestion: (suggestion: MarkingSuggestion | null) => void;
}

/** Answers a model can read, as their family says (written text and code; not recordings, files or links). */
const readsAsText = (question: SubmissionQuestion) =>
  familyOf(question.type).readsAsText(getQuestionType(question.type));

/**
 * One waiting answer in the queue: the question, the student's answer and the model answer on one
 * side (QueueAnswerPanel); the rubric, the score and feedback and the AI suggestion on the other
 * (QueueMarkPanel); Save and next. The form is a reducer (useQueueMarkForm); the keys are
 * useMarkerShortcuts, listed by ShortcutsHelp.
 */
export function QueueMarker(props: Props) {
  const { item, mode, aiAvailable, onSuggestion, onNext, onPrevious } = props;
  const { t, i18n } = useTranslation(['markingQueue', 'errors', 'submissions']);
  const detail = useSubmissionDetail(item.attemptId);
  const rubrics = useRubrics(item.assessment.id);
  const question = detail.data?.questions.find((q) => q.id === item.questionId);
  const rubric: QuestionRubric | null = rubrics.data?.find((r) => r.questionId === item.questionId) ?? null;
  const max = question?.max ?? item.max;

  const [form, dispatch] = useQueueMarkForm(item.suggestion);
  const [helpOpened, help] = useDisclosure(false);
  const [editorOpened, editor] = useDisclosure(false);
  const scoreRef = useRef<HTMLInputElement>(null);

  const save = useQueueMark();
  const ask = useAskSuggestion();
  const reject = useRejectSuggestion();

  useEffect(() => {
    if (question) dispatch({ type: 'loaded', question });
  }, [question, dispatch]);
  useEffect(() => {
    if (rubric) dispatch({ type: 'rubricLoaded', rubric });
  }, [rubric, dispatch]);

  const errorText = useCallback(
    (error: unknown) => t(`errors:${errorCodeOf(error)}`, { defaultValue: t('errors:internal_error') }),
    [t],
  );
  const canSuggest = aiAvailable && !!question && readsAsText(question);

  const askForSuggestion = () => {
    if (!canSuggest || ask.isPending || form.suggestion) return;
    dispatch({ type: 'problem', field: 'askProblem', message: null });
    ask.mutate(
      { attemptId: item.attemptId, questionId: item.questionId },
      {
        onSuccess: (found) => {
          dispatch({ type: 'suggested', suggestion: found });
          onSuggestion(found);
        },
        onError: (error) => dispatch({ type: 'problem', field: 'askProblem', message: errorText(error) }),
      },
    );
  };

  const rejectSuggestion = () => {
    if (!form.suggestion) return;
    reject.mutate(form.suggestion.id, {
      onSuccess: () => {
        dispatch({ type: 'suggestionRejected' });
        onSuggestion(null);
      },
      onError: (error) => dispatch({ type: 'problem', field: 'askProblem', message: errorText(error) }),
    });
  };

  const onSave = () => {
    if (!question || save.isPending) return;
    const problem = scoreError(question, form.score, true);
    if (problem) {
      dispatch({
        type: 'problem',
        field: 'scoreProblem',
        message: t(`submissions:${problem.key}`, problem.values),
      });
      scoreRef.current?.focus();
      return;
    }
    dispatch({ type: 'problem', field: 'saveProblem', message: null });
    const selections = rubric ? selectionsOf(rubric, form.choice) : [];
    save.mutate(
      {
        attemptId: item.attemptId,
        questionId: item.questionId,
        score: form.score as number,
        feedback: form.feedback.trim(),
        expectedMarkedAt: question.markedAt,
        ...(rubric && selections.length > 0 && { rubric: { version: rubric.version, selections } }),
        ...(form.suggestion && { suggestionId: form.suggestion.id }),
      },
      {
        onSuccess: props.onSaved,
        onError: (error) => {
          const code = errorCodeOf(error);
          if (code === 'mark_conflict') {
            const details = (isApiError(error) ? error.details : null) as {
              markedBy?: string | null;
              score?: number | null;
            } | null;
            const message = t('marker.conflict', {
              name: details?.markedBy || t('marker.someone'),
              score: formatPoints(details?.score ?? 0, i18n.language),
            });
            dispatch({ type: 'problem', field: 'saveProblem', message });
            void detail.refetch();
            return;
          }
          if (code === 'rubric_changed') {
            dispatch({ type: 'rubricChanged' });
            void rubrics.refetch();
          }
          dispatch({ type: 'problem', field: 'saveProblem', message: errorText(error) });
        },
      },
    );
  };

  useMarkerShortcuts(!helpOpened && !editorOpened, {
    save: onSave,
    next: onNext,
    previous: onPrevious,
    help: help.open,
    focusScore: () => scoreRef.current?.focus(),
    suggest: askForSuggestion,
    useSuggestion: () => dispatch({ type: 'useSuggestion', rubric }),
    level: rubric
      ? (index) => {
          const criterion = rubric.criteria.find((c) => c.id === form.active) ?? rubric.criteria[0];
          const level = criterion?.levels[index];
          if (criterion && level) {
            dispatch({ type: 'choose', rubric, max, criterionId: criterion.id, levelId: level.id });
          }
        }
      : null,
  });

  const progress = (
    <MarkerProgress
      position={props.position}
      count={props.count}
      onPrevious={onPrevious}
      onNext={onNext}
      onBack={props.onBack}
      onHelp={help.open}
    />
  );

  if (detail.isError || (detail.isSuccess && !question)) {
    return (
      <Stack gap="md">
        {progress}
        <LoadErrorCard
          retryLabel={t('marker.retry')}
          heading={t('marker.loadFailed')}
          error={detail.error ?? undefined}
          onRetry={() => void detail.refetch()}
          retrying={detail.isFetching}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {progress}
      <Text size="xs" c="gray.7">
        {t('marker.marked', { marked: props.marked, total: props.count })}
      </Text>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <QueueAnswerPanel item={item} mode={mode} question={question} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <QueueMarkPanel
            form={form}
            dispatch={dispatch}
            question={question}
            max={max}
            rubric={rubric}
            rubricsLoaded={rubrics.isSuccess}
            suggestions={canSuggest}
            asking={ask.isPending}
            rejecting={reject.isPending}
            saving={save.isPending}
            scoreRef={scoreRef}
            onAsk={askForSuggestion}
            onUse={() => dispatch({ type: 'useSuggestion', rubric })}
            onReject={rejectSuggestion}
            onSave={onSave}
            onEditRubric={editor.open}
          />
        </Grid.Col>
      </Grid>
      <ShortcutsHelp opened={helpOpened} onClose={help.close} />
      {editorOpened && (
        <RubricEditor
          opened
          onClose={editor.close}
          assessmentId={item.assessment.id}
          questionId={item.questionId}
          questionLabel={t('marker.questionLabel', { number: item.questionNumber })}
          max={max}
          rubric={rubric}
        />
      )}
    </Stack>
  );
}
