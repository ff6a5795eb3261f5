// Just over 500 lines: one screen's form (every answer's score, feedback and rubric levels) and its
// layout; the answer views, headings and outcome badges it shows are in components/answer/.
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Accordion,
  Alert,
  Button,
  DataList,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconArrowLeft, IconCircleCheck, IconSend } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MarkingView, SubmissionDetail, SubmissionQuestion } from '@vbuilder/shared';
import { errorCodeOf } from '../../../lib/api-errors.ts';
import { useMarkingView } from '../api/get-marking-view.ts';
import { useSubmissionDetail } from '../api/get-submission-detail.ts';
import { useSubmitMarks } from '../api/submit-marks.ts';
import {
  initialEntries,
  isOverridable,
  marksToSubmit,
  needsPerson,
  validateEntries,
  type MarkEntries,
  type MarkErrors,
} from '../lib/marking.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { formatPercent, formatPoints } from '../lib/numbers.ts';
import { answerOutcome } from '../../../lib/answer-outcome.ts';
import { AnswerView } from './answer/answer-view.tsx';
import { ModelAnswer } from './answer/model-answer.tsx';
import { OutcomeBadge } from './answer/outcome-badge.tsx';
import { QuestionInstructions } from '../../../components/questions/question-instructions.tsx';
import { QuestionHeading } from './answer/question-heading.tsx';
import { LoadErrorCard } from '../../../components/load-error-card.tsx';
import { MarkFields } from './mark-fields.tsx';
import { ResultBadge } from './result-badge.tsx';
import { BackLink } from './back-link.tsx';

interface Props {
  assessmentId: string;
  studentId: string;
  /** The Submissions screen of this assessment. */
  backTo: string;
}

/**
 * Manual marking (docs/product/screens.md): the assessment's facts, the student, and for each answer a person
 * must judge the question, the answer (text, code, recordings, files), the model answer and
 * rubric, a score and feedback; automatically marked answers folded away, open to override.
 * 'Submit all marks' saves them in one go and shows the new score and pass state.
 */
export function MarkingScreen({ assessmentId, studentId, backTo }: Props) {
  const { t } = useTranslation('submissions');
  const view = useMarkingView(assessmentId, studentId);
  const [attemptId, setAttemptId] = useState<string | null>(null);
  const other = useSubmissionDetail(attemptId && attemptId !== view.data?.attemptId ? attemptId : null);

  const back = <BackLink to={backTo}>{t('marking.back')}</BackLink>;

  if (view.isPending) {
    return (
      <Stack gap="lg" maw={960} mx="auto" w="100%" aria-busy>
        {back}
        <Title order={1} size="h2">
          {t('marking.title')}
        </Title>
        <Skeleton h={120} radius="md" />
        <Skeleton h={260} radius="md" />
      </Stack>
    );
  }
  if (view.isError) {
    const code = errorCodeOf(view.error);
    const message =
      code === 'no_submission'
        ? t('notFound.submission')
        : code === 'not_found'
          ? t('notFound.assessment')
          : t('load.dataNotAvailable');
    const retryable = !['no_submission', 'not_found', 'forbidden'].includes(code);
    return (
      <Stack gap="lg" maw={960} mx="auto" w="100%">
        {back}
        <Title order={1} size="h2">
          {t('marking.title')}
        </Title>
        <LoadErrorCard
          retryLabel={t('load.retry')}
          heading={message}
          error={view.error}
          onRetry={retryable ? () => void view.refetch() : undefined}
          retrying={view.isFetching}
        />
      </Stack>
    );
  }

  const marking = view.data;
  const current: SubmissionDetail | undefined =
    attemptId && attemptId !== marking.attemptId ? other.data : marking;

  return (
    <Stack gap="lg" maw={960} mx="auto" w="100%">
      {back}
      <div>
        <Text size="sm" fw={700} c="blue.8" tt="uppercase">
          {t('marking.title')}
        </Text>
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          {t('marking.heading', { name: marking.student.name })}
        </Title>
      </div>
      <MarkingInfo marking={marking} current={current} onAttempt={setAttemptId} />
      {!current ? (
        other.isError ? (
          <LoadErrorCard
            retryLabel={t('load.retry')}
            heading={t('load.dataNotAvailable')}
            error={other.error}
            onRetry={() => void other.refetch()}
            retrying={other.isFetching}
          />
        ) : (
          <Skeleton h={260} radius="md" />
        )
      ) : current.questions.length === 0 ? (
        <LoadErrorCard heading={t('notFound.questions')} />
      ) : (
        <MarkingForm key={current.attemptId} detail={current} assessmentId={assessmentId} backTo={backTo} />
      )}
    </Stack>
  );
}

function MarkingInfo({
  marking,
  current,
  onAttempt,
}: {
  marking: MarkingView;
  current: SubmissionDetail | undefined;
  onAttempt: (attemptId: string) => void;
}) {
  const { t, i18n } = useTranslation('submissions');
  const attempts = [
    {
      attemptId: marking.attemptId,
      number: marking.number,
      submittedAt: marking.submittedAt,
      status: marking.status,
    },
    ...marking.otherAttempts,
  ].sort((a, b) => b.number - a.number);
  const shown = current ?? marking;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <DataList size="sm" gap={6} labelWidth={120} aria-label={t('marking.assessmentInfo')}>
          <DataList.Item>
            <DataList.ItemLabel c="gray.7">{t('marking.assessment')}</DataList.ItemLabel>
            <DataList.ItemValue fw={600} style={{ overflowWrap: 'anywhere' }}>
              {marking.assessment.title}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel c="gray.7">{t('marking.subject')}</DataList.ItemLabel>
            <DataList.ItemValue>{marking.assessment.subject || t('values.none')}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel c="gray.7">{t('marking.passMark')}</DataList.ItemLabel>
            <DataList.ItemValue>{formatPercent(shown.passMark, i18n.language)}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel c="gray.7">{t('marking.maxScore')}</DataList.ItemLabel>
            <DataList.ItemValue>{formatPoints(shown.maxScore, i18n.language)}</DataList.ItemValue>
          </DataList.Item>
        </DataList>
        <DataList size="sm" gap={6} labelWidth={120} aria-label={t('marking.studentInfo')}>
          <DataList.Item>
            <DataList.ItemLabel c="gray.7">{t('marking.student')}</DataList.ItemLabel>
            <DataList.ItemValue fw={600} style={{ overflowWrap: 'anywhere' }}>
              {marking.student.name}
              <Text span size="xs" c="gray.7" display="block">
                {marking.student.email}
              </Text>
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel c="gray.7">{t('marking.submittedAt')}</DataList.ItemLabel>
            <DataList.ItemValue>{formatDateTime(shown.submittedAt, i18n.language)}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel c="gray.7">{t('marking.currentScore')}</DataList.ItemLabel>
            <DataList.ItemValue>
              <Group gap="xs" wrap="wrap">
                <Text span size="sm">
                  {t('values.score', {
                    score: formatPoints(shown.score, i18n.language),
                    max: formatPoints(shown.maxScore, i18n.language),
                  })}{' '}
                  · {formatPercent(shown.percentage, i18n.language)}
                </Text>
                <ResultBadge passed={shown.status === 'Pending' ? null : shown.passed} />
              </Group>
            </DataList.ItemValue>
          </DataList.Item>
        </DataList>
      </SimpleGrid>
      {attempts.length > 1 && (
        <Select
          mt="md"
          maw={360}
          label={t('marking.attempt')}
          value={shown.attemptId}
          allowDeselect={false}
          onChange={(value) => value && onAttempt(value)}
          data={attempts.map((attempt) => ({
            value: attempt.attemptId,
            label: t('marking.attemptOption', {
              number: attempt.number,
              date: formatDateTime(attempt.submittedAt, i18n.language),
              status: t(attempt.status === 'Pending' ? 'values.pending' : 'values.marked'),
            }),
          }))}
        />
      )}
    </Paper>
  );
}

function MarkingForm({
  detail,
  assessmentId,
  backTo,
}: {
  detail: SubmissionDetail;
  assessmentId: string;
  backTo: string;
}) {
  const { t, i18n } = useTranslation(['submissions', 'errors']);
  const [entries, setEntries] = useState<MarkEntries>(() => initialEntries(detail.questions));
  const [errors, setErrors] = useState<MarkErrors>({});
  const [saved, setSaved] = useState<SubmissionDetail | null>(null);
  const submit = useSubmitMarks(assessmentId);
  const resultRef = useRef<HTMLDivElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);

  const toMark = useMemo(() => detail.questions.filter(needsPerson), [detail.questions]);
  const automatic = useMemo(() => detail.questions.filter((q) => !needsPerson(q)), [detail.questions]);
  const numberOf = (question: SubmissionQuestion) => detail.questions.indexOf(question) + 1;
  const marks = marksToSubmit(detail.questions, entries);

  useEffect(() => {
    if (saved) resultRef.current?.focus();
  }, [saved]);
  useEffect(() => {
    if (submit.isError) errorRef.current?.focus();
  }, [submit.isError]);

  const change = (questionId: string, entry: MarkEntries[string]) => {
    setEntries((current) => ({ ...current, [questionId]: entry }));
    if (errors[questionId]) {
      setErrors((current) => {
        const next = { ...current };
        delete next[questionId];
        return next;
      });
    }
  };

  const onSubmit = () => {
    const found = validateEntries(detail.questions, entries);
    setErrors(found);
    const first = detail.questions.find((q) => found[q.id]);
    if (first) {
      document.getElementById(`mark-${first.id}-score`)?.focus();
      return;
    }
    if (marks.length === 0) return;
    submit.mutate(
      { attemptId: detail.attemptId, body: { marks } },
      {
        onSuccess: (result) => {
          setSaved(result);
          setEntries(initialEntries(result.questions));
          notifications.show({
            color: 'teal',
            message: t('marking.saved'),
            icon: <IconCircleCheck size={18} />,
          });
        },
      },
    );
  };

  const failure = submit.isError ? errorCodeOf(submit.error) : null;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      noValidate
    >
      <Stack gap="lg">
        {saved && (
          <Alert
            ref={resultRef}
            tabIndex={-1}
            color="teal"
            variant="light"
            icon={<IconCircleCheck />}
            title={t('marking.savedTitle')}
            data-testid="marking-result"
          >
            <Stack gap="xs" align="flex-start">
              <Group gap="sm" wrap="wrap">
                <Text size="sm" fw={600}>
                  {t('marking.newScore', {
                    score: formatPoints(saved.score, i18n.language),
                    max: formatPoints(saved.maxScore, i18n.language),
                    percentage: formatPercent(saved.percentage, i18n.language),
                  })}
                </Text>
                <ResultBadge passed={saved.status === 'Pending' ? null : saved.passed} />
              </Group>
              <Button
                component={Link}
                to={backTo}
                size="xs"
                leftSection={<IconArrowLeft size={14} aria-hidden />}
              >
                {t('marking.back')}
              </Button>
            </Stack>
          </Alert>
        )}

        {toMark.length === 0 ? (
          <Alert color="gray" variant="light" title={t('marking.nothingPending')}>
            {t('marking.nothingPendingDetail')}
          </Alert>
        ) : (
          <Stack gap="md" component="section" aria-labelledby="to-mark-heading">
            <Title id="to-mark-heading" order={2} size="h4">
              {toMark.some((q) => q.needsMarking)
                ? t('marking.toMark', { count: toMark.length })
                : t('marking.markedHeading', { count: toMark.length })}
            </Title>
            {toMark.map((question) => (
              <MarkCard
                key={question.id}
                question={question}
                number={numberOf(question)}
                entry={entries[question.id]!}
                errors={errors[question.id]}
                onChange={(entry) => change(question.id, entry)}
              />
            ))}
          </Stack>
        )}

        {automatic.length > 0 && (
          <Stack gap="sm" component="section" aria-labelledby="automatic-heading">
            <Title id="automatic-heading" order={2} size="h4">
              {t('marking.automatic', { count: automatic.length })}
            </Title>
            <Text size="sm" c="gray.7">
              {t('marking.automaticHint')}
            </Text>
            <Accordion variant="separated" multiple chevronPosition="right">
              {automatic.map((question) => (
                <Accordion.Item key={question.id} value={question.id}>
                  <Accordion.Control>
                    <Group justify="space-between" gap="sm" wrap="nowrap" pr="sm">
                      <Text size="sm" fw={600} lineClamp={1} style={{ minWidth: 0 }}>
                        {t('question.number', { number: numberOf(question) })} · {question.text}
                      </Text>
                      <Group gap="sm" wrap="nowrap" style={{ flex: 'none' }}>
                        <OutcomeBadge outcome={answerOutcome(question)} />
                        <Text size="sm" fw={600}>
                          {t('values.score', {
                            score: formatPoints(question.score, i18n.language),
                            max: formatPoints(question.max, i18n.language),
                          })}
                        </Text>
                      </Group>
                    </Group>
                  </Accordion.Control>
                  <Accordion.Panel>
                    <MarkBody
                      question={question}
                      number={numberOf(question)}
                      entry={entries[question.id]!}
                      errors={errors[question.id]}
                      onChange={(entry) => change(question.id, entry)}
                      editable={isOverridable(question)}
                      required={false}
                    />
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          </Stack>
        )}

        {failure && (
          <Alert
            ref={errorRef}
            tabIndex={-1}
            color="red"
            variant="light"
            icon={<IconAlertTriangle />}
            title={t('marking.failed')}
            role="alert"
          >
            {t(`errors:${failure}`, { defaultValue: t('errors:internal_error') })}
          </Alert>
        )}
        {Object.keys(errors).length > 0 && (
          <Text size="sm" c="red.9" role="alert">
            {t('marking.fixErrors')}
          </Text>
        )}
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm" c="gray.7">
            {t('marking.summary', { count: marks.length })}
          </Text>
          <Button
            type="submit"
            leftSection={<IconSend size={16} aria-hidden />}
            loading={submit.isPending}
            disabled={marks.length === 0 && Object.keys(errors).length === 0 && toMark.length === 0}
          >
            {t('marking.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface MarkCardProps {
  question: SubmissionQuestion;
  number: number;
  entry: MarkEntries[string];
  errors: MarkErrors[string] | undefined;
  onChange: (entry: MarkEntries[string]) => void;
}

function MarkCard(props: MarkCardProps) {
  const headingId = `mark-${props.question.id}-heading`;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="article"
      aria-labelledby={headingId}
    >
      <MarkBody {...props} editable required withHeading />
    </Paper>
  );
}

function MarkBody({
  question,
  number,
  entry,
  errors,
  onChange,
  editable,
  required,
  withHeading = false,
}: MarkCardProps & { editable: boolean; required: boolean; withHeading?: boolean }) {
  const { t } = useTranslation('submissions');
  const idPrefix = `mark-${question.id}`;
  return (
    <Stack gap="md">
      {withHeading ? (
        <QuestionHeading question={question} number={number} headingId={`${idPrefix}-heading`} order={3} />
      ) : (
        <Stack gap={4}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {question.text}
          </Text>
          <QuestionInstructions question={question.question} />
        </Stack>
      )}
      <div>
        <Text size="sm" fw={600} mb={4}>
          {t('answer.studentAnswer')}
        </Text>
        <AnswerView question={question} idPrefix={`${idPrefix}-answer`} />
      </div>
      <ModelAnswer question={question} />
      {question.markedBy && question.markedAt && (
        <Text size="xs" c="gray.7">
          {t('marking.markedBy', { name: question.markedBy.name })}
        </Text>
      )}
      {editable && (
        <MarkFields
          question={question}
          entry={entry}
          errors={errors}
          onChange={onChange}
          idPrefix={idPrefix}
          required={required}
        />
      )}
    </Stack>
  );
}
