import { useCallback, useEffect, useRef, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Grid,
  Group,
  NumberInput,
  Paper,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconArrowRight,
  IconDeviceFloppy,
  IconKeyboard,
  IconListCheck,
  IconPencil,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  getQuestionType,
  type MarkingQueueItem,
  type MarkingSuggestion,
  type QuestionRubric,
  type SubmissionQuestion,
} from '@vbuilder/shared';
import { isApiError } from '../../../../lib/api-client.ts';
import { errorCodeOf } from '../../../../lib/api-errors.ts';
import { formatDateTime } from '../../../../lib/format.ts';
import { LoadErrorCard } from '../../../../components/load-error-card.tsx';
import { useSubmissionDetail } from '../../api/get-submission-detail.ts';
import { useAskSuggestion, useQueueMark, useRejectSuggestion, useRubrics } from '../../api/marking-queue.ts';
import { scoreError } from '../../lib/marking.ts';
import {
  isTypingTarget,
  rubricPoints,
  selectionsOf,
  type QueueMode,
  type RubricChoice,
} from '../../lib/marking-queue.ts';
import { formatPoints } from '../../lib/numbers.ts';
import { AnswerView } from '../answer/answer-view.tsx';
import { ModelAnswer } from '../answer/model-answer.tsx';
import { QuestionHeading } from '../answer/question-heading.tsx';
import { RubricEditor } from './rubric-editor.tsx';
import { RubricLevels } from './rubric-levels.tsx';
import { ShortcutsHelp } from './shortcuts-help.tsx';
import { SuggestionPanel } from './suggestion-panel.tsx';

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

/** Answers a model can read: written text and code (not recordings, files or links). */
const readsAsText = (question: SubmissionQuestion) => {
  if (question.family !== 'open') return false;
  const kind = getQuestionType(question.type).responseKind;
  return kind === 'richText' || kind === 'code';
};

const choiceOf = (selections: { criterionId: string; levelId: string }[]): RubricChoice =>
  Object.fromEntries(selections.map((s) => [s.criterionId, s.levelId]));

/**
 * One waiting answer in the queue (issue 18): the question, the student's answer and the model
 * answer on one side; the rubric, the score and feedback and the AI suggestion on the other; Save
 * and next. Keyboard: see ShortcutsHelp (never while typing in a field, except Ctrl+Enter).
 */
export function QueueMarker(props: Props) {
  const { item, mode, aiAvailable, onSuggestion } = props;
  const { t, i18n } = useTranslation(['markingQueue', 'errors', 'submissions']);
  const detail = useSubmissionDetail(item.attemptId);
  const rubrics = useRubrics(item.assessment.id);
  const question = detail.data?.questions.find((q) => q.id === item.questionId);
  const rubric: QuestionRubric | null = rubrics.data?.find((r) => r.questionId === item.questionId) ?? null;

  const [score, setScore] = useState<number | ''>('');
  const [feedback, setFeedback] = useState('');
  const [choice, setChoice] = useState<RubricChoice>({});
  const [active, setActive] = useState<string | null>(null);
  const [suggestion, setSuggestion] = useState<MarkingSuggestion | null>(item.suggestion);
  const [used, setUsed] = useState(false);
  const [askError, setAskError] = useState<string | null>(null);
  const [scoreProblem, setScoreProblem] = useState<string | null>(null);
  const [saveProblem, setSaveProblem] = useState<string | null>(null);
  const [helpOpened, help] = useDisclosure(false);
  const [editorOpened, editor] = useDisclosure(false);
  const initialised = useRef(false);
  const scoreRef = useRef<HTMLInputElement>(null);

  const save = useQueueMark();
  const ask = useAskSuggestion();
  const reject = useRejectSuggestion();

  // The form starts from the answer as it stands (a re-mark shows the current mark and feedback).
  useEffect(() => {
    if (!question || initialised.current) return;
    initialised.current = true;
    setScore(question.needsMarking ? '' : question.score);
    setFeedback(question.feedback ?? '');
  }, [question]);

  useEffect(() => {
    if (rubric && active === null) setActive(rubric.criteria[0]?.id ?? null);
  }, [rubric, active]);

  const max = question?.max ?? item.max;
  const rubricTotal = rubric ? rubricPoints(rubric.criteria, choice, max) : null;
  const chosenCount = rubric ? rubric.criteria.filter((c) => choice[c.id]).length : 0;

  const choose = useCallback(
    (criterionId: string, levelId: string) => {
      if (!rubric) return;
      const next = { ...choice, [criterionId]: levelId };
      setChoice(next);
      setScore(rubricPoints(rubric.criteria, next, max));
      setScoreProblem(null);
      // The keys move on to the next criterion, so a rubric is marked with one digit per row.
      const index = rubric.criteria.findIndex((c) => c.id === criterionId);
      const following = rubric.criteria[index + 1];
      if (following) setActive(following.id);
    },
    [choice, rubric, max],
  );

  const askForSuggestion = useCallback(() => {
    if (!aiAvailable || !question || !readsAsText(question) || ask.isPending || suggestion) return;
    setAskError(null);
    ask.mutate(
      { attemptId: item.attemptId, questionId: item.questionId },
      {
        onSuccess: (found) => {
          setSuggestion(found);
          onSuggestion(found);
        },
        onError: (error) =>
          setAskError(t(`errors:${errorCodeOf(error)}`, { defaultValue: t('errors:internal_error') })),
      },
    );
  }, [aiAvailable, ask, item.attemptId, item.questionId, onSuggestion, question, suggestion, t]);

  const applySuggestion = useCallback(() => {
    if (!suggestion) return;
    setScore(suggestion.score);
    setScoreProblem(null);
    if (rubric && suggestion.selections.length > 0) setChoice(choiceOf(suggestion.selections));
    setUsed(true);
  }, [rubric, suggestion]);

  const rejectSuggestion = () => {
    if (!suggestion) return;
    reject.mutate(suggestion.id, {
      onSuccess: () => {
        setSuggestion(null);
        setUsed(false);
        onSuggestion(null);
      },
      onError: (error) =>
        setAskError(t(`errors:${errorCodeOf(error)}`, { defaultValue: t('errors:internal_error') })),
    });
  };

  const onSave = useCallback(() => {
    if (!question || save.isPending) return;
    const problem = scoreError(question, score, true);
    if (problem) {
      setScoreProblem(t(`submissions:${problem.key}`, problem.values));
      scoreRef.current?.focus();
      return;
    }
    setSaveProblem(null);
    const selections = rubric ? selectionsOf(rubric, choice) : [];
    save.mutate(
      {
        attemptId: item.attemptId,
        questionId: item.questionId,
        score: score as number,
        feedback: feedback.trim(),
        expectedMarkedAt: question.markedAt,
        ...(rubric && selections.length > 0 && { rubric: { version: rubric.version, selections } }),
        ...(suggestion && { suggestionId: suggestion.id }),
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
            setSaveProblem(
              t('marker.conflict', {
                name: details?.markedBy || t('marker.someone'),
                score: formatPoints(details?.score ?? 0, i18n.language),
              }),
            );
            void detail.refetch();
          } else {
            if (code === 'rubric_changed') {
              setChoice({});
              void rubrics.refetch();
            }
            setSaveProblem(t(`errors:${code}`, { defaultValue: t('errors:internal_error') }));
          }
        },
      },
    );
  }, [
    choice,
    detail,
    feedback,
    i18n.language,
    item,
    props.onSaved,
    question,
    rubric,
    rubrics,
    save,
    score,
    suggestion,
    t,
  ]);

  // Keyboard shortcuts: never while typing in a field (Ctrl/⌘+Enter excepted), nor with a dialog open.
  const keysEnabled = !helpOpened && !editorOpened;
  const { onNext, onPrevious } = props;
  useEffect(() => {
    if (!keysEnabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        onSave();
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return;
      const key = event.key;
      // Arrows on a rubric level move between its levels, as in any radio group.
      if (
        key.startsWith('Arrow') &&
        event.target instanceof HTMLInputElement &&
        event.target.type === 'radio'
      ) {
        return;
      }
      let handled = true;
      if ((key === 'j' || key === 'J' || key === 'ArrowRight') && onNext) onNext();
      else if ((key === 'k' || key === 'K' || key === 'ArrowLeft') && onPrevious) onPrevious();
      else if (key === '?') help.open();
      else if (key === 'e' || key === 'E') scoreRef.current?.focus();
      else if (key === 's' || key === 'S') askForSuggestion();
      else if (key === 'a' || key === 'A') applySuggestion();
      else if (/^[1-9]$/.test(key) && rubric) {
        const criterion = rubric.criteria.find((c) => c.id === active) ?? rubric.criteria[0];
        const level = criterion?.levels[Number(key) - 1];
        if (criterion && level) choose(criterion.id, level.id);
      } else handled = false;
      if (handled) event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [
    active,
    askForSuggestion,
    choose,
    help,
    keysEnabled,
    onSave,
    onNext,
    onPrevious,
    rubric,
    applySuggestion,
  ]);

  const questionLabel = t('marker.questionLabel', { number: item.questionNumber });
  const heading =
    mode === 'question'
      ? t('marker.answerOf', { name: item.student.name })
      : t('marker.questionOf', { number: item.questionNumber });

  const progress = (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconListCheck size={16} aria-hidden />}
        onClick={props.onBack}
      >
        {t('marker.back')}
      </Button>
      <Group gap="xs" wrap="nowrap">
        <Button
          variant="default"
          size="compact-sm"
          onClick={props.onPrevious ?? undefined}
          disabled={!props.onPrevious}
          leftSection={<IconArrowLeft size={14} aria-hidden />}
          aria-keyshortcuts="K ArrowLeft"
        >
          {t('marker.previous')}
        </Button>
        <Text size="sm" fw={600} role="status" aria-live="polite" style={{ whiteSpace: 'nowrap' }}>
          {t('marker.position', { position: props.position + 1, total: props.count })}
        </Text>
        <Button
          variant="default"
          size="compact-sm"
          onClick={props.onNext ?? undefined}
          disabled={!props.onNext}
          rightSection={<IconArrowRight size={14} aria-hidden />}
          aria-keyshortcuts="J ArrowRight"
        >
          {t('marker.next')}
        </Button>
      </Group>
      <Button
        variant="subtle"
        size="compact-sm"
        visibleFrom="sm"
        leftSection={<IconKeyboard size={16} aria-hidden />}
        onClick={help.open}
        aria-keyshortcuts="?"
      >
        {t('marker.shortcuts')}
      </Button>
    </Group>
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
          <Paper
            withBorder
            radius="md"
            p={{ base: 'sm', sm: 'md' }}
            component="article"
            aria-labelledby="queue-answer-heading"
          >
            <Stack gap="md">
              <div>
                <Title id="queue-answer-heading" order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
                  {heading}
                </Title>
                <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                  {t('marker.context', {
                    assessment: item.assessment.title,
                    student: item.student.name,
                    number: item.attemptNumber,
                    date: formatDateTime(item.submittedAt, i18n.language),
                  })}
                </Text>
              </div>
              {!question ? (
                <Skeleton h={200} radius="md" />
              ) : (
                <>
                  <QuestionHeading
                    question={question}
                    number={item.questionNumber}
                    headingId="queue-question"
                    order={3}
                  />
                  <div>
                    <Text size="sm" fw={600} mb={4}>
                      {t('submissions:answer.studentAnswer')}
                    </Text>
                    <AnswerView question={question} idPrefix={`queue-${item.questionId}-answer`} />
                  </div>
                  <ModelAnswer question={question} />
                </>
              )}
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md" component="section" aria-labelledby="queue-mark-heading">
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Title id="queue-mark-heading" order={2} size="h4">
                {t('marker.markHeading')}
              </Title>
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconPencil size={14} aria-hidden />}
                onClick={editor.open}
                disabled={!rubrics.isSuccess}
              >
                {rubric ? t('marker.editRubric') : t('marker.addRubric')}
              </Button>
            </Group>
            {aiAvailable && question && readsAsText(question) && (
              <SuggestionPanel
                suggestion={suggestion}
                used={used}
                rubric={rubric}
                asking={ask.isPending}
                rejecting={reject.isPending}
                error={askError}
                onAsk={askForSuggestion}
                onUse={applySuggestion}
                onReject={rejectSuggestion}
              />
            )}
            {rubric ? (
              <>
                <Text size="xs" c="gray.7">
                  {t('marker.rubricHint')}
                </Text>
                <RubricLevels
                  rubric={rubric}
                  choice={choice}
                  activeCriterion={active}
                  onActivate={setActive}
                  onChoose={choose}
                  suggested={suggestion ? choiceOf(suggestion.selections) : undefined}
                />
              </>
            ) : (
              rubrics.isSuccess && (
                <Text size="sm" c="gray.7">
                  {t('marker.noRubric')}
                </Text>
              )
            )}
            <Paper withBorder radius="md" p="sm">
              <Stack gap="sm">
                <NumberInput
                  ref={scoreRef}
                  id="queue-score"
                  label={t('marker.score', { max: formatPoints(max, i18n.language) })}
                  description={
                    rubric && rubricTotal !== null && chosenCount > 0
                      ? score !== '' && score !== rubricTotal
                        ? t('marker.scoreAdjusted', { points: formatPoints(rubricTotal, i18n.language) })
                        : t('marker.scoreFromRubric', {
                            chosen: chosenCount,
                            total: rubric.criteria.length,
                          })
                      : t('marker.scoreHint')
                  }
                  value={score}
                  onChange={(value) => {
                    setScore(typeof value === 'number' ? value : value === '' ? '' : Number(value));
                    setScoreProblem(null);
                  }}
                  min={0}
                  max={max}
                  step={0.5}
                  decimalScale={2}
                  clampBehavior="none"
                  allowNegative={false}
                  required
                  error={scoreProblem}
                  aria-keyshortcuts="E"
                />
                <Textarea
                  label={t('marker.feedback')}
                  description={t('marker.feedbackHint')}
                  value={feedback}
                  onChange={(event) => setFeedback(event.currentTarget.value)}
                  autosize
                  minRows={2}
                  maxRows={6}
                />
                {question?.markedBy && question.markedAt && (
                  <Badge
                    variant="light"
                    color="gray"
                    style={{ alignSelf: 'flex-start', textTransform: 'none' }}
                  >
                    {t('marker.markedBy', {
                      name: question.markedBy.name,
                      score: formatPoints(question.score, i18n.language),
                      date: formatDateTime(question.markedAt, i18n.language),
                    })}
                  </Badge>
                )}
                {saveProblem && (
                  <Alert color="red" variant="light" icon={<IconAlertTriangle />} role="alert" p="xs">
                    <Text size="sm">{saveProblem}</Text>
                  </Alert>
                )}
                <Button
                  onClick={onSave}
                  loading={save.isPending}
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
        </Grid.Col>
      </Grid>
      <ShortcutsHelp opened={helpOpened} onClose={help.close} />
      {editorOpened && (
        <RubricEditor
          opened
          onClose={editor.close}
          assessmentId={item.assessment.id}
          questionId={item.questionId}
          questionLabel={questionLabel}
          max={max}
          rubric={rubric}
        />
      )}
    </Stack>
  );
}
