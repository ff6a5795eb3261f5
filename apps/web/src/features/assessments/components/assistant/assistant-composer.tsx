import { useId, useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
} from '@mantine/core';
import { IconFileText, IconPaperclip, IconPlayerStopFilled, IconSend, IconX } from '@tabler/icons-react';
import { ActionIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  intlLocale,
  AI_ASSISTANT_LIMITS,
  ASSESSMENT_LIMITS,
  BLOOM_LEVELS,
  DIFFICULTIES,
  type AiChatRequest,
  type BloomLevel,
  type Difficulty,
  type QuestionTypeId,
} from '@vbuilder/shared';
import { FileDrop, rejectionOf } from '../../../../components/forms/file-drop.tsx';
import { errorCodeOf } from '../../../../lib/api-errors.ts';
import { useErrorText } from '../../../../lib/forms/use-error-text.ts';
import { LANGUAGES } from '../../../../lib/languages.ts';
import { useReadSourceDocument } from '../../api/generate-questions.ts';
import { AiTypeCounts } from '../ai-type-counts.tsx';
import type { TypeCount } from '../ai-generation-request.ts';
import { askedCount } from './asked-count.ts';

/** What the file chooser offers; the API decides by the bytes. */
const ACCEPT = {
  'application/pdf': ['.pdf'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'text/plain': ['.txt'],
  'text/markdown': ['.md'],
};
const MAX_MB = Math.floor(ASSESSMENT_LIMITS.aiSourceFileMaxBytes / (1024 * 1024));

export interface ComposerProps {
  /** Types the organization's plan allows. */
  allowedTypes: readonly QuestionTypeId[];
  /** The language questions are written in unless the teacher picks another. */
  defaultLanguage: string;
  /** The conversation already has a source (used when this message attaches none). */
  hasEarlierSource: boolean;
  streaming: boolean;
  /**
   * Sends a turn. `onAccepted` runs once the server has stored the message: only then is the
   * composer emptied, so a refused turn (no model key, the plan) keeps what the teacher typed.
   */
  onSend(body: Omit<AiChatRequest, 'conversationId'>, onAccepted: () => void): void;
  onStop(): void;
  /** No model is configured: Send is off, described by this element (the screen's notice). */
  unavailableNoteId?: string | undefined;
}

/**
 * What the teacher sends: words, an attached source (read by POST /ai/source, as the generation
 * does) and, when asked for, the questions wanted (types and counts within the plan, difficulty,
 * Bloom level, language). Send becomes Stop while the answer streams.
 */
export function AssistantComposer({
  allowedTypes,
  defaultLanguage,
  hasEarlierSource,
  streaming,
  onSend,
  onStop,
  unavailableNoteId,
}: ComposerProps) {
  const { t, i18n } = useTranslation(['aiAssistant', 'assessments', 'aiGeneration']);
  const errorText = useErrorText();
  const idPrefix = `assistant-${useId().replace(/[^a-zA-Z0-9-]/g, '')}`;
  const read = useReadSourceDocument();
  const [message, setMessage] = useState('');
  const [source, setSource] = useState<{ name: string; text: string; truncated: boolean } | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [askQuestions, setAskQuestions] = useState(true);
  const [types, setTypes] = useState<TypeCount[]>(() =>
    allowedTypes.includes('multiple-choice') ? [{ type: 'multiple-choice', count: 3 }] : [],
  );
  const [difficulty, setDifficulty] = useState<Difficulty>('Medium');
  const [bloomLevel, setBloomLevel] = useState<BloomLevel>('understand');
  const [language, setLanguage] = useState(defaultLanguage);
  const [problem, setProblem] = useState<string | null>(null);
  const number = (n: number) => n.toLocaleString(intlLocale(i18n.language));

  const attach = (file: File | undefined) => {
    if (!file) return;
    setRefused(null);
    read.mutate(file, {
      onSuccess: (text) =>
        setSource({ name: text.name || file.name, text: text.text, truncated: text.truncated }),
    });
  };

  const problemOf = (): string | null => {
    if (!askQuestions) return message.trim() ? null : t('composer.empty');
    if (types.length === 0) return errorText('assessments.ai.typesRequired');
    if (!types.some((type) => type.count > 0)) return errorText('assessments.ai.countRequired');
    return null;
  };

  const submit = () => {
    const found = problemOf();
    setProblem(found);
    if (found) return;
    onSend(
      {
        message: message.trim(),
        ...(source ? { source: { name: source.name, text: source.text } } : {}),
        ...(askQuestions ? { questions: { types, difficulty, bloomLevel, language } } : {}),
      },
      () => {
        setMessage('');
        setSource(null);
        read.reset();
      },
    );
  };

  // The form's counts are what is sent (see asked-count.ts); a different number in the words is shown.
  const asked = askQuestions ? askedCount(message) : null;
  const total = types.reduce((n, type) => n + type.count, 0);
  const countDiffers = asked !== null && asked !== total;
  const canUseAsked = countDiffers && types.length === 1 && asked <= ASSESSMENT_LIMITS.aiQuestionsMax;

  const readError = read.isError
    ? `${t('composer.readFailed')}: ${errorText(errorCodeOf(read.error))}`
    : null;

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="sm">
        <Textarea
          id={`${idPrefix}-message`}
          label={t('composer.message')}
          placeholder={t('composer.messagePlaceholder')}
          value={message}
          onChange={(event) => {
            setMessage(event.currentTarget.value);
            if (problem) setProblem(null);
          }}
          onKeyDown={(event) => {
            // Ctrl/⌘+Enter sends, as in most chat tools; Enter alone makes a new line.
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !streaming && !unavailableNoteId)
              submit();
          }}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={AI_ASSISTANT_LIMITS.messageMax}
          disabled={streaming}
        />
        {source ? (
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              <IconFileText size={20} aria-hidden />
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} truncate>
                  {t('composer.attached', { name: source.name, characters: number(source.text.length) })}
                </Text>
                {source.truncated ? (
                  <Text size="xs" c="gray.7">
                    {t('composer.truncated', { max: number(ASSESSMENT_LIMITS.aiSourceTextMax) })}
                  </Text>
                ) : null}
              </Stack>
            </Group>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('composer.removeSource')}
              onClick={() => setSource(null)}
              disabled={streaming}
            >
              <IconX size={16} aria-hidden />
            </ActionIcon>
          </Group>
        ) : (
          <FileDrop
            onDrop={(files) => attach(files[0])}
            onReject={(rejections) => {
              const why = rejectionOf(rejections);
              setRefused(errorText(why === 'too-large' ? 'file_too_large' : 'unsupported_file_type'));
            }}
            accept={ACCEPT}
            maxSize={ASSESSMENT_LIMITS.aiSourceFileMaxBytes}
            multiple={false}
            loading={read.isPending}
            disabled={streaming}
            label={t('composer.attach')}
            title={t('composer.dropTitle')}
            hint={t('composer.dropHint', { size: MAX_MB })}
            idleIcon={IconPaperclip}
            iconSize={28}
            minHeight={56}
          />
        )}
        {!source && hasEarlierSource && askQuestions ? (
          <Text size="xs" c="gray.7">
            {t('composer.usingEarlierSource')}
          </Text>
        ) : null}
        {readError || refused ? (
          <Text size="sm" c="red.8" role="alert">
            {refused ? t('composer.refused', { reason: refused }) : readError}
          </Text>
        ) : null}
        <Switch
          checked={askQuestions}
          onChange={(event) => setAskQuestions(event.currentTarget.checked)}
          label={t('composer.askQuestions')}
          disabled={streaming}
        />
        {askQuestions ? (
          <Stack gap="sm">
            <AiTypeCounts
              allowedTypes={allowedTypes}
              value={types}
              onChange={(next) => {
                setTypes(next);
                if (problem) setProblem(null);
              }}
              idPrefix={idPrefix}
              disabled={streaming}
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <Select
                label={t('composer.difficulty')}
                data={DIFFICULTIES.map((d) => ({ value: d, label: t(`assessments:difficulty.${d}`) }))}
                value={difficulty}
                onChange={(next) => next && setDifficulty(next as Difficulty)}
                allowDeselect={false}
                disabled={streaming}
              />
              <Select
                label={t('composer.bloom')}
                data={BLOOM_LEVELS.map((level) => ({ value: level, label: t(`bloom.${level}`) }))}
                value={bloomLevel}
                onChange={(next) => next && setBloomLevel(next as BloomLevel)}
                allowDeselect={false}
                disabled={streaming}
              />
              <Select
                label={t('composer.language')}
                data={LANGUAGES.map((l) => ({ value: l.code, label: l.name }))}
                value={language}
                onChange={(next) => next && setLanguage(next)}
                allowDeselect={false}
                disabled={streaming}
              />
            </SimpleGrid>
          </Stack>
        ) : null}
        {countDiffers ? (
          <Alert color="yellow" variant="light" p="xs" data-testid="count-differs">
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="sm">
                {t('composer.countDiffers', { asked: number(asked), total: number(total) })}
              </Text>
              {canUseAsked ? (
                <Button
                  size="compact-sm"
                  variant="default"
                  onClick={() => setTypes([{ ...types[0]!, count: asked }])}
                  disabled={streaming}
                >
                  {t('composer.useAsked', { asked: number(asked) })}
                </Button>
              ) : null}
            </Group>
          </Alert>
        ) : null}
        {problem ? (
          <Alert color="red" variant="light" role="alert" p="xs">
            {problem}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          {streaming ? (
            <Button
              color="red.9"
              variant="filled"
              leftSection={<IconPlayerStopFilled size={16} aria-hidden />}
              onClick={onStop}
            >
              {t('composer.stop')}
            </Button>
          ) : (
            <Button
              leftSection={<IconSend size={16} aria-hidden />}
              onClick={submit}
              loading={read.isPending}
              disabled={Boolean(unavailableNoteId)}
              aria-describedby={unavailableNoteId}
            >
              {t('composer.send')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
