import { useMemo, useState } from 'react';
import {
  Accordion,
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Radio,
  Select,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle, IconRefresh } from '@tabler/icons-react';
import {
  getQuestionType,
  REGRADE_MODES,
  validateQuestion,
  type Question,
  type RegradeMode,
  type RegradePreview,
  type RegradeQuestion,
  type RegradeRequestInput,
} from '@vbuilder/shared';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/app-modal.tsx';
import { LoadErrorCard } from '../../../components/load-error-card.tsx';
import { QuestionEditor } from '../../../components/questions/editors/question-editor.tsx';
import { errorCodeOf } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useRegrades } from '../api/get-regrades.ts';
import { useApplyRegrade, usePreviewRegrade } from '../api/regrade.ts';
import { RegradeRows } from './regrade-rows.tsx';

interface Props {
  assessmentId: string;
  /** Those who mark (Administrators, Teachers) regrade; others read the history only. */
  canRegrade: boolean;
}

const asQuestion = (value: Record<string, unknown>) => value as unknown as Question;

/** Each mode's words, spelled out so the catalog check sees every key. */
function useModeText() {
  const { t } = useTranslation('regrades');
  return (mode: RegradeMode) =>
    ({
      remark: {
        label: t('modes.remark.label'),
        description: t('modes.remark.description'),
        short: t('modes.remark.short'),
      },
      fullMarks: {
        label: t('modes.fullMarks.label'),
        description: t('modes.fullMarks.description'),
        short: t('modes.fullMarks.short'),
      },
      drop: {
        label: t('modes.drop.label'),
        description: t('modes.drop.description'),
        short: t('modes.drop.short'),
      },
    })[mode];
}

/**
 * Regrade: the teacher picks a question students answered, says how to regrade it
 * (mark again against a corrected question — its key, marking or points, in the question editor;
 * full marks for everyone; or drop it from the total), sees the dry run (each affected student,
 * score and pass before → after), applies it after a confirmation, and reads the history below.
 */
export function RegradeTab({ assessmentId, canRegrade }: Props) {
  const { t, i18n } = useTranslation(['regrades', 'questionTypes']);
  const overview = useRegrades(assessmentId);
  const preview = usePreviewRegrade();
  const apply = useApplyRegrade(assessmentId);
  const [questionId, setQuestionId] = useState<string | null>(null);
  const [mode, setMode] = useState<RegradeMode>('remark');
  const [includeTeacherMarks, setIncludeTeacherMarks] = useState(false);
  const [draft, setDraft] = useState<Question | null>(null);
  const [shown, setShown] = useState<{ request: RegradeRequestInput; result: RegradePreview } | null>(null);
  const [confirming, setConfirming] = useState(false);

  const modeText = useModeText();
  const questions = useMemo(() => overview.data?.questions ?? [], [overview.data]);
  const chosen = questions.find((q) => q.id === questionId) ?? null;

  // A question chosen starts from the assessment's current version when it was edited since the
  // students answered (the teacher may have fixed the key in the editor already).
  const choose = (id: string | null) => {
    const next = questions.find((q) => q.id === id) ?? null;
    setQuestionId(id);
    setDraft(next ? asQuestion(next.edited ?? next.question) : null);
    setShown(null);
  };

  const request: RegradeRequestInput | null = chosen
    ? {
        questionId: chosen.id,
        mode,
        includeTeacherMarks,
        ...(mode === 'remark' && draft ? { question: draft } : {}),
      }
    : null;
  // The preview shown belongs to the choices it was made with: any change asks for a new one.
  const stale = shown !== null && JSON.stringify(shown.request) !== JSON.stringify(request);
  const draftInvalid = mode === 'remark' && draft !== null && validateQuestion(draft).length > 0;

  const options = useMemo(
    () =>
      questions.map((q) => ({
        value: q.id,
        label: t('form.questionOption', {
          position: q.position,
          text: q.text.length > 80 ? `${q.text.slice(0, 79)}…` : q.text,
          count: q.attempts,
        }),
      })),
    [questions, t],
  );

  if (overview.isError) {
    return (
      <LoadErrorCard
        heading={t('load.failed')}
        retryLabel={t('load.retry')}
        error={overview.error}
        onRetry={() => void overview.refetch()}
        retrying={overview.isFetching}
      />
    );
  }
  if (overview.isPending) return <Skeleton h={160} radius="md" />;

  const runPreview = () => {
    if (!request) return;
    preview.mutate({ assessmentId, body: request }, { onSuccess: (result) => setShown({ request, result }) });
  };

  const runApply = () => {
    if (!shown) return;
    apply.mutate(
      { assessmentId, body: { request: shown.request, token: shown.result.token } },
      {
        onSuccess: (regrade) => {
          // Done with this question: the form closes and the history below shows the regrade.
          setConfirming(false);
          setShown(null);
          setQuestionId(null);
          setDraft(null);
          notifications.show({
            color: 'teal',
            icon: <IconCircleCheck size={18} />,
            message: t('apply.done', { count: regrade.rows.filter((r) => !r.teacherMarkKept).length }),
          });
        },
        onError: () => setConfirming(false),
      },
    );
  };

  const changedRows = shown ? shown.result.rows.filter((r) => !r.teacherMarkKept) : [];
  const history = overview.data.history;

  return (
    <Stack gap="lg">
      {canRegrade && (
        <Stack gap="md">
          <div>
            <Title order={2} size="h4">
              {t('title')}
            </Title>
            <Text size="sm" c="gray.7">
              {t('intro')}
            </Text>
          </div>
          {questions.length === 0 ? (
            <Text size="sm">{t('form.noSubmissions')}</Text>
          ) : (
            <>
              <Select
                label={t('form.question')}
                placeholder={t('form.questionPlaceholder')}
                data={options}
                value={questionId}
                onChange={choose}
                searchable
                maw={640}
              />
              {chosen && (
                <>
                  <Radio.Group
                    label={t('form.mode')}
                    value={mode}
                    onChange={(value) => setMode(value as RegradeMode)}
                  >
                    <Stack gap="xs" mt={6}>
                      {REGRADE_MODES.map((m) => (
                        <Radio
                          key={m}
                          value={m}
                          label={modeText(m).label}
                          description={modeText(m).description}
                        />
                      ))}
                    </Stack>
                  </Radio.Group>
                  <Checkbox
                    checked={includeTeacherMarks}
                    onChange={(e) => setIncludeTeacherMarks(e.currentTarget.checked)}
                    label={t('form.includeTeacherMarks')}
                    description={t('form.includeTeacherMarksHint')}
                  />
                  {mode === 'remark' && draft && (
                    <CorrectionEditor question={chosen} draft={draft} onChange={setDraft} />
                  )}
                  <Group>
                    <Button
                      leftSection={<IconRefresh size={16} aria-hidden />}
                      onClick={runPreview}
                      loading={preview.isPending}
                      disabled={draftInvalid}
                    >
                      {t('form.preview')}
                    </Button>
                    {draftInvalid && (
                      <Text size="sm" c="red.8">
                        {t('form.fixQuestionFirst')}
                      </Text>
                    )}
                  </Group>
                  {preview.isError && (
                    <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
                      {t(`errors:${errorCodeOf(preview.error)}`)}
                    </Alert>
                  )}
                </>
              )}
            </>
          )}

          {shown && (
            <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} aria-live="polite">
              <Stack gap="sm">
                <Title order={3} size="h5">
                  {t('preview.title', { position: chosen?.position ?? '' })}
                </Title>
                <Text size="sm">
                  {t('preview.summary', { count: shown.result.attempts, changed: shown.result.changed })}
                </Text>
                {shown.result.inProgress > 0 && (
                  <Alert color="blue" icon={<IconInfoCircle size={18} />}>
                    {t('preview.inProgress', { count: shown.result.inProgress })}
                  </Alert>
                )}
                {stale && (
                  <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
                    {t('preview.stale')}
                  </Alert>
                )}
                {shown.result.rows.length > 0 ? (
                  <RegradeRows rows={shown.result.rows} caption={t('preview.caption')} />
                ) : (
                  <Text size="sm">{t('preview.nothing')}</Text>
                )}
                {apply.isError && (
                  <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
                    {t(`errors:${errorCodeOf(apply.error)}`)}
                  </Alert>
                )}
                <Group>
                  <Button onClick={() => setConfirming(true)} disabled={stale || shown.result.changed === 0}>
                    {t('apply.button', { count: shown.result.changed })}
                  </Button>
                </Group>
              </Stack>
            </Paper>
          )}
        </Stack>
      )}

      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('history.title')}
        </Title>
        {history.length === 0 ? (
          <Text size="sm" c="gray.7">
            {t('history.empty')}
          </Text>
        ) : (
          <Accordion variant="separated" radius="md">
            {history.map((h) => {
              const position = questions.find((q) => q.id === h.questionId)?.position;
              const changed = h.rows.filter((r) => !r.teacherMarkKept).length;
              return (
                <Accordion.Item key={h.id} value={h.id}>
                  <Accordion.Control>
                    <Stack gap={2}>
                      <Group gap="xs">
                        <Badge variant="light">{modeText(h.mode).short}</Badge>
                        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                          {position
                            ? t('history.question', { position, text: h.questionText })
                            : h.questionText}
                        </Text>
                      </Group>
                      <Text size="xs" c="gray.7">
                        {t('history.by', {
                          name: h.appliedBy?.name || t('history.someone'),
                          at: formatDateTime(h.appliedAt, i18n.language),
                          count: changed,
                        })}
                        {h.includeTeacherMarks ? ` · ${t('history.teacherMarksChanged')}` : ''}
                      </Text>
                    </Stack>
                  </Accordion.Control>
                  <Accordion.Panel>
                    {h.rows.length > 0 ? (
                      <RegradeRows rows={h.rows} caption={t('history.caption')} />
                    ) : (
                      <Text size="sm">{t('preview.nothing')}</Text>
                    )}
                  </Accordion.Panel>
                </Accordion.Item>
              );
            })}
          </Accordion>
        )}
      </Stack>

      <AppModal opened={confirming} onClose={() => setConfirming(false)} title={t('apply.confirmTitle')}>
        <Stack gap="md">
          <Text size="sm">{t('apply.confirmText', { count: shown?.result.changed ?? 0 })}</Text>
          {changedRows.some((r) => r.certificate) && <Text size="sm">{t('apply.confirmCertificates')}</Text>}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('apply.cancel')}
            </Button>
            <Button onClick={runApply} loading={apply.isPending}>
              {t('apply.confirm')}
            </Button>
          </Group>
        </Stack>
      </AppModal>
    </Stack>
  );
}

/** The question editor of the question's family, on a copy of the question students answered. */
function CorrectionEditor({
  question,
  draft,
  onChange,
}: {
  question: RegradeQuestion;
  draft: Question;
  onChange: (q: Question) => void;
}) {
  const { t } = useTranslation(['regrades', 'questionTypes']);
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="sm">
        <div>
          <Title order={3} size="h5">
            {t('form.correctTitle', { type: t(getQuestionType(question.type).labelKey) })}
          </Title>
          <Text size="sm" c="gray.7">
            {t('form.correctHint')}
          </Text>
        </div>
        {question.edited && (
          <Alert color="blue" icon={<IconInfoCircle size={18} />}>
            <Stack gap={6} align="flex-start">
              <Text size="sm">{t('form.editedSince')}</Text>
              <Button size="xs" variant="light" onClick={() => onChange(asQuestion(question.question))}>
                {t('form.startFromAnswered')}
              </Button>
            </Stack>
          </Alert>
        )}
        {question.notInAssessment && (
          <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
            {t('form.notInAssessment')}
          </Alert>
        )}
        <QuestionEditor question={draft} onChange={onChange} />
      </Stack>
    </Paper>
  );
}
