import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Box, Button, Center, Chip, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlarm,
  IconArrowLeft,
  IconArrowRight,
  IconInfoCircle,
  IconSend,
  IconWifiOff,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAfterFirstInteraction } from '../../../components/deferred/first-interaction.ts';
import { usePlayersLoaded } from '../../../components/questions/family-players.tsx';
import type { AttemptResult, OpenAnswer } from '@vbuilder/shared';
import { useAnswerUploads } from '../hooks/use-answer-uploads.ts';
import { useAttemptSync } from '../hooks/use-attempt-sync.ts';
import { useLayoutPreference, type AttemptLayout } from '../hooks/use-layout-preference.ts';
import type { LoadedAttempt } from '../hooks/use-loaded-attempt.ts';
import { useLiveDeadline } from '../hooks/use-live-deadline.ts';
import { useRemainingTime } from '../hooks/use-remaining-time.ts';
import { useSubmitAttempt } from '../hooks/use-submit-attempt.ts';
import { countStates, hasContent, type QuestionState } from '../lib/answer-state.ts';
import { remainingMs, timePhase } from '../lib/clock.ts';
import type { PendingUpload } from '../lib/pending-upload.ts';
import type { SyncStatus } from '../lib/sync-engine.ts';
import type { UploadStatus } from '../lib/upload-queue.ts';
import { LiveAttemptTimer } from './attempt-timer.tsx';
import { QuestionNavigator } from './question-navigator.tsx';
import { QuestionView } from './question-view.tsx';
import { SaveStatus } from './save-status.tsx';

const UPLOAD_STATUS: Record<UploadStatus, SyncStatus> = {
  idle: 'saved',
  uploading: 'saving',
  retrying: 'retrying',
  offline: 'offline',
};
const STATUS_RANK: Record<SyncStatus, number> = { saved: 0, saving: 1, retrying: 2, offline: 3 };
const worseStatus = (a: SyncStatus, b: SyncStatus) => (STATUS_RANK[b] > STATUS_RANK[a] ? b : a);

/**
 * The submit dialog (a Modal: focus trap, scroll lock, transitions) is not part of the screen's
 * first load; it comes with the student's first interaction, long before they submit.
 */
const loadSubmitDialog = () => import('./submit-dialog.tsx').then((m) => m.SubmitDialog);

/**
 * With every question on one page, the screen waits for the players of the first questions (what
 * a screen shows); the others' code is fetched as the student scrolls near them (NearViewport),
 * each with a skeleton meanwhile.
 */
const FIRST_PLAYERS = 3;

const NO_UPLOADS: readonly PendingUpload[] = [];

interface Props {
  loaded: LoadedAttempt;
  resultsPath: string;
  onSubmitted(result: AttemptResult | null): void;
}

/**
 * Taking the attempt: the questions one per page or all at once, a navigator, the flag, the time
 * left by the server's clock and where the answers stand. Every change is autosaved by the sync
 * engine; Submit confirms, saves everything, then hands in. At the deadline it hands in by itself.
 */
export function AttemptScreen({ loaded, resultsPath, onSubmitted }: Props) {
  const { t } = useTranslation(['attempts', 'common']);
  const { attempt, clockOffsetMs } = loaded;
  const questions = attempt.questions;
  const onExternalChange = useCallback(() => {
    notifications.show({ color: 'blue', message: t('sync.replaced'), id: 'attempt-replaced' });
  }, [t]);
  const { engine, snapshot } = useAttemptSync(loaded, onExternalChange);
  const [layout, setLayout] = useLayoutPreference();
  const [current, setCurrent] = useState(0);
  const [dialogOpen, setDialogOpen] = useState(false);
  const SubmitDialog = useAfterFirstInteraction(loadSubmitDialog);
  const headings = useRef<(HTMLHeadingElement | null)[]>([]);
  const focusPending = useRef(false);
  const closed = snapshot.closed !== null;
  const live = useLiveDeadline(attempt.id, attempt.deadlineAt, {
    inProgress: attempt.status === 'in_progress' && !closed,
    remainingMs: (deadlineAt) => remainingMs(deadlineAt, clockOffsetMs, Date.now()),
  });
  const clock = useRemainingTime(live.deadlineAt, clockOffsetMs, timePhase);
  const timeUp = clock === 'up';

  // Extra time given during the attempt: said once, beside the timer that shows it.
  const shownDeadline = useRef(live.deadlineAt);
  useEffect(() => {
    const before = shownDeadline.current;
    shownDeadline.current = live.deadlineAt;
    if (before && live.deadlineAt && Date.parse(live.deadlineAt) > Date.parse(before)) {
      notifications.show({ color: 'teal', message: t('timer.extended'), id: 'attempt-extended' });
    }
  }, [live.deadlineAt, t]);

  const placeFile = useCallback(
    ({ questionId, name: chosenName }: PendingUpload, url: string, name: string) => {
      if (!engine) return;
      const question = questions.find((q) => q.id === questionId);
      const kind = question?.config.responseKind;
      const previous = (engine.getSnapshot().answers[questionId]?.answer ?? {}) as OpenAnswer;
      // The student removed this file since choosing it: its reference no longer belongs in the answer.
      if (previous.fileName !== chosenName) return;
      const field = kind === 'audio' || kind === 'video' ? 'mediaUrl' : 'fileUrl';
      engine.change(questionId, { answer: { ...previous, [field]: url, fileName: name } });
    },
    [engine, questions],
  );
  const uploads = useAnswerUploads(attempt.id, Boolean(engine && snapshot.ready), placeFile);

  const { submit, cancel, phase, errorKey } = useSubmitAttempt({
    engine,
    attemptId: attempt.id,
    uploadsSettled: uploads.settled,
    onSubmitted,
  });

  // The same functions for a question on every render, so a question the change was not about
  // skips rendering (QuestionView is memoized): typing in one of 40 questions renders one player.
  const uploadRef = useRef(uploads.upload);
  uploadRef.current = uploads.upload;
  const questionHandlers = useMemo(
    () =>
      questions.map((question, index) => ({
        heading: (element: HTMLHeadingElement | null) => {
          headings.current[index] = element;
        },
        answer: (answer: unknown) => engine?.change(question.id, { answer }),
        toggleFlag: () =>
          engine?.change(question.id, {
            flagged: !(engine.getSnapshot().answers[question.id]?.flagged ?? false),
          }),
        file: (file: File) => uploadRef.current(question.id, file),
      })),
    [questions, engine],
  );
  const waitingByQuestion = useMemo(() => {
    const byQuestion = new Map<string, PendingUpload[]>();
    for (const upload of uploads.pending) {
      byQuestion.set(upload.questionId, [...(byQuestion.get(upload.questionId) ?? []), upload]);
    }
    return byQuestion;
  }, [uploads.pending]);

  const states: QuestionState[] = useMemo(
    () =>
      questions.map((question) => {
        const entry = snapshot.answers[question.id];
        return { answered: hasContent(entry?.answer), flagged: entry?.flagged ?? false };
      }),
    [questions, snapshot.answers],
  );
  const counts = countStates(states);
  // The screen waits for the players it shows first, so they appear with it, not after (no
  // shift); once shown it never goes back to waiting: a later question's player shows a skeleton
  // while its code comes.
  const shownFirst =
    layout === 'one' ? questions.slice(current, current + 1) : questions.slice(0, FIRST_PLAYERS);
  const playersLoaded = usePlayersLoaded(shownFirst.map((question) => question.type));
  const [shown, setShown] = useState(false);
  if (playersLoaded && !shown) setShown(true);

  // At zero the attempt is handed in with every saved answer (the server accepts it within its grace).
  const autoSubmitted = useRef(false);
  // The server is asked once more first: extra time given in the last seconds keeps it open.
  const { confirmOver } = live;
  useEffect(() => {
    if (!timeUp || autoSubmitted.current || !engine || !snapshot.ready) return;
    autoSubmitted.current = true;
    void confirmOver().then((over) => {
      if (!over) {
        autoSubmitted.current = false;
        return;
      }
      setDialogOpen(false);
      void submit();
    });
  }, [timeUp, engine, snapshot.ready, submit, confirmOver]);

  // The heading of the question moved to takes focus, so a screen reader reads it next.
  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    const heading = headings.current[current];
    heading?.focus({ preventScroll: layout === 'all' });
    if (layout === 'all') heading?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [current, layout]);

  // The same function each render: the navigator's buttons are memoized.
  const goTo = useCallback(
    (index: number) => {
      focusPending.current = true;
      setCurrent(Math.max(0, Math.min(questions.length - 1, index)));
    },
    [questions.length],
  );

  const ready = Boolean(snapshot.ready && engine && (playersLoaded || shown));
  // Whichever of these comes last (the device's answers, the sync engine, the players' code) would
  // render every question in one long task; taken as a deferred value, React builds the questions
  // in small slices (a transition) while the loader stays, and the page keeps answering.
  const readyShown = useDeferredValue(ready);

  if (!ready || !readyShown || !engine) {
    return (
      <Center mih={240}>
        <Loader aria-label={t('attempt.loading')} />
      </Center>
    );
  }

  const warning = clock === 'up' ? null : clock;
  const submitting = phase !== 'idle';
  // Files still to upload are unsaved work too: the status shows the worse of the two.
  const status = worseStatus(snapshot.status, UPLOAD_STATUS[uploads.status]);
  const shownPhase = phase === 'saving' && status === 'offline' ? ('waitingForNetwork' as const) : phase;

  const renderQuestion = (index: number) => {
    const question = questions[index];
    if (!question) return null;
    const entry = snapshot.answers[question.id];
    const handlers = questionHandlers[index]!;
    return (
      <QuestionView
        key={question.id}
        ref={handlers.heading}
        question={question}
        index={index}
        total={questions.length}
        answer={entry?.answer ?? null}
        flagged={entry?.flagged ?? false}
        disabled={closed || timeUp}
        // The first players come with the screen; the others as the student scrolls near them.
        deferPlayer={layout === 'all' && index >= FIRST_PLAYERS}
        onAnswer={handlers.answer}
        onToggleFlag={handlers.toggleFlag}
        onFile={handlers.file}
        waitingUploads={waitingByQuestion.get(question.id) ?? NO_UPLOADS}
      />
    );
  };

  return (
    <Stack gap="md">
      <Paper
        withBorder
        radius="md"
        p={{ base: 'sm', sm: 'md' }}
        shadow="xs"
        style={{ position: 'sticky', top: 'var(--app-shell-header-offset, 0px)', zIndex: 5 }}
      >
        <Stack gap="xs">
          <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
            <Box style={{ minWidth: 0, flex: '1 1 240px' }}>
              <Title order={1} fz={{ base: 'lg', sm: 'h3' }} style={{ overflowWrap: 'anywhere' }}>
                {attempt.assessment.title}
              </Title>
              <Text size="sm" c="dimmed">
                {t('attempt.subtitle', { subject: attempt.assessment.subject, number: attempt.number })}
              </Text>
            </Box>
            <Group gap="md" wrap="wrap">
              <LiveAttemptTimer
                clockOffsetMs={clockOffsetMs}
                deadlineAt={live.deadlineAt}
                timeLimited={attempt.assessment.durationMinutes !== null}
              />
              <SaveStatus status={status} />
            </Group>
          </Group>
          <QuestionNavigator states={states} current={current} onSelect={goTo} />
        </Stack>
      </Paper>

      {loaded.fromDevice && snapshot.status === 'offline' && (
        <Alert color="orange" variant="light" icon={<IconWifiOff size={18} aria-hidden />}>
          {t('attempt.openedOffline')}
        </Alert>
      )}
      {warning && !timeUp && !closed && (
        <Alert
          color={warning === 1 ? 'red' : 'orange'}
          variant="light"
          icon={<IconAlarm size={18} aria-hidden />}
        >
          {t('timer.warning', { count: warning })}
        </Alert>
      )}
      {timeUp && !closed && (
        <Alert color="red" variant="filled" icon={<IconAlarm size={18} aria-hidden />} role="alert">
          {snapshot.status === 'offline' ? t('timer.upOffline') : t('timer.up')}
        </Alert>
      )}
      {closed && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t(`attempt.closed.${snapshot.closed}`)}</Text>
            <Button component={Link} to={resultsPath} size="xs" variant="light">
              {t('attempt.seeResults')}
            </Button>
          </Stack>
        </Alert>
      )}

      <Group justify="space-between" gap="xs">
        {/* Two radio chips, not a SegmentedControl: its sliding indicator measured the page in the
            middle of the first render (a 110-ms forced layout on a slow phone). */}
        <Chip.Group value={layout} onChange={(value) => setLayout(value as AttemptLayout)}>
          <Group gap={6} role="radiogroup" aria-label={t('layout.label')}>
            <Chip value="one" type="radio" size="xs" variant="light">
              {t('layout.one')}
            </Chip>
            <Chip value="all" type="radio" size="xs" variant="light">
              {t('layout.all')}
            </Chip>
          </Group>
        </Chip.Group>
        <Text size="sm" c="dimmed">
          {t('attempt.answeredCount', {
            answered: questions.length - counts.unanswered,
            total: questions.length,
          })}
        </Text>
      </Group>

      {layout === 'one' ? (
        <>
          {renderQuestion(current)}
          <Group justify="space-between" gap="sm">
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={16} aria-hidden />}
              onClick={() => goTo(current - 1)}
              disabled={current === 0}
            >
              {t('attempt.previous')}
            </Button>
            <Button
              rightSection={<IconArrowRight size={16} aria-hidden />}
              onClick={() => goTo(current + 1)}
              disabled={current >= questions.length - 1}
            >
              {t('attempt.next')}
            </Button>
          </Group>
        </>
      ) : (
        <Stack gap="md">{questions.map((_, index) => renderQuestion(index))}</Stack>
      )}

      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" style={{ flex: '1 1 220px' }}>
            {t('attempt.submitHint')}
          </Text>
          <Button
            leftSection={<IconSend size={16} aria-hidden />}
            onClick={() => setDialogOpen(true)}
            disabled={closed || timeUp}
            loading={submitting && !dialogOpen}
          >
            {t('attempt.submit')}
          </Button>
        </Group>
      </Paper>

      {SubmitDialog && (
        <SubmitDialog
          opened={dialogOpen}
          onClose={() => {
            cancel();
            setDialogOpen(false);
          }}
          onConfirm={() => void submit()}
          unanswered={counts.unanswered}
          flagged={counts.flagged}
          phase={shownPhase}
          filesWaiting={uploads.pending.length}
          errorKey={errorKey}
        />
      )}
    </Stack>
  );
}
