import { Alert, Avatar, Button, Group, List, Loader, Paper, Stack, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconFileText,
  IconPlayerStop,
  IconRefresh,
  IconSparkles,
  IconUser,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AiCard, AiDropped, AiMessage, Question } from '@vbuilder/shared';
import { useErrorText } from '../../../../lib/forms/use-error-text.ts';
import { useRejectionText } from '../ai-rejections.ts';
import { AssistantCard } from './assistant-card.tsx';
import { intlLocale } from '@vbuilder/shared';

/** Cards are known by their message and place, so edits and choices survive a refetch. */
export const cardKey = (messageId: string, index: number) => `${messageId}:${index}`;

export interface CardChoices {
  selected: ReadonlySet<string>;
  edits: ReadonlyMap<string, Question>;
  onSelect(key: string, selected: boolean): void;
  onEdit(key: string, question: Question): void;
}

function DroppedList({ items }: { items: readonly AiDropped[] }) {
  const { t } = useTranslation('aiAssistant');
  const line = useRejectionText();
  if (items.length === 0) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={20} aria-hidden />}
      title={t('cards.dropped', { count: items.length })}
    >
      <List size="sm" spacing={2}>
        {items.map((item) => (
          <List.Item key={item.index}>{line(item)}</List.Item>
        ))}
      </List>
    </Alert>
  );
}

function UserTurn({ message }: { message: AiMessage }) {
  const { t, i18n } = useTranslation(['aiAssistant', 'assessments']);
  const request = message.request;
  const count = request?.types.reduce((n, type) => n + type.count, 0) ?? 0;
  return (
    <Group align="flex-start" gap="sm" wrap="nowrap" justify="flex-end">
      <Paper radius="md" p="sm" bg="indigo.0" maw="min(100%, 640px)">
        <Stack gap={4}>
          <Text size="xs" fw={600} c="indigo.9">
            {t('chat.you')}
          </Text>
          {message.content ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {message.content}
            </Text>
          ) : null}
          {message.source ? (
            <Group gap={4} wrap="nowrap">
              <IconFileText size={16} aria-hidden />
              <Text size="xs" c="gray.8" style={{ overflowWrap: 'anywhere' }}>
                {t('chat.source', {
                  name: message.source.name,
                  characters: message.source.characters.toLocaleString(intlLocale(i18n.language)),
                })}
              </Text>
            </Group>
          ) : null}
          {request ? (
            <Text size="xs" c="gray.8">
              {t('chat.asked', {
                count,
                difficulty: t(`assessments:difficulty.${request.difficulty}`),
                bloom: t(`bloom.${request.bloomLevel}`),
              })}
            </Text>
          ) : null}
        </Stack>
      </Paper>
      <Avatar size="sm" color="indigo" radius="xl" aria-hidden>
        <IconUser size={16} />
      </Avatar>
    </Group>
  );
}

export interface AnswerProps {
  /** The stored message's id, or 'pending' while it streams. */
  id: string;
  prose: string;
  cards: readonly AiCard[];
  dropped: readonly AiDropped[];
  status: AiMessage['status'] | 'streaming';
  error: AiMessage['error'];
  choices: CardChoices;
  /** Asks the same again (the latest answer, when it failed or had no usable question). */
  onRetry?: (() => void) | undefined;
}

function RetryButton({ onRetry }: { onRetry: (() => void) | undefined }) {
  const { t } = useTranslation('aiAssistant');
  if (!onRetry) return null;
  return (
    <Group>
      <Button
        size="compact-sm"
        variant="light"
        leftSection={<IconRefresh size={16} aria-hidden />}
        onClick={onRetry}
      >
        {t('chat.retry')}
      </Button>
    </Group>
  );
}

/**
 * The assistant's answer: its words, the cards, what was dropped and how it ended. An answer that
 * broke off says what arrived is kept only when something did; one without any usable question
 * says so in a sentence (the model's raw output is never shown), each with Retry when latest.
 */
export function AssistantTurn({ id, prose, cards, dropped, status, error, choices, onRetry }: AnswerProps) {
  const { t } = useTranslation('aiAssistant');
  const codeText = useErrorText();
  // The stored message is in English; the code says it in the reader's language.
  const errorText = error ? codeText(error.code) : null;
  const arrived = prose.length > 0 || cards.length > 0 || dropped.length > 0;
  return (
    <Group align="flex-start" gap="sm" wrap="nowrap">
      <Avatar size="sm" color="violet" radius="xl" aria-hidden>
        <IconSparkles size={16} />
      </Avatar>
      <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
        <Text size="xs" fw={600} c="violet.9">
          {t('chat.assistant')}
        </Text>
        {prose ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {prose}
          </Text>
        ) : null}
        {cards.length > 0 ? (
          <Stack gap="sm">
            <Text size="sm" fw={600}>
              {t('cards.heading', { count: cards.length })}
            </Text>
            {cards.map((card, i) => {
              const key = cardKey(id, i);
              return (
                <AssistantCard
                  key={key}
                  card={card}
                  index={i + 1}
                  idPrefix={`card-${id}`}
                  edited={choices.edits.get(key) ?? null}
                  selected={choices.selected.has(key)}
                  onSelect={(on) => choices.onSelect(key, on)}
                  onEdit={(question) => choices.onEdit(key, question)}
                />
              );
            })}
          </Stack>
        ) : null}
        <DroppedList items={dropped} />
        {status === 'streaming' ? (
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text size="sm" c="gray.7">
              {t('chat.writing')}
            </Text>
          </Group>
        ) : null}
        {status === 'stopped' ? (
          <Group gap="xs">
            <IconPlayerStop size={16} aria-hidden />
            <Text size="sm" c="gray.7">
              {t('chat.stopped')}
            </Text>
          </Group>
        ) : null}
        {status === 'failed' ? (
          <Alert
            color="red"
            variant="light"
            role="alert"
            title={arrived ? t('chat.failed') : t('errors.refusedTitle')}
          >
            <Stack gap="xs">
              <Text size="sm">{errorText}</Text>
              <RetryButton onRetry={onRetry} />
            </Stack>
          </Alert>
        ) : status === 'complete' && error ? (
          <Alert color="orange" variant="light" title={t('chat.unusableTitle')}>
            <Stack gap="xs">
              <Text size="sm">{t('chat.unusable')}</Text>
              <Text size="xs" c="gray.7">
                {errorText}
              </Text>
              <RetryButton onRetry={onRetry} />
            </Stack>
          </Alert>
        ) : null}
      </Stack>
    </Group>
  );
}

/** The stored turns of a conversation, oldest first. */
export function StoredTurns({
  messages,
  choices,
  onRetry,
}: {
  messages: readonly AiMessage[];
  choices: CardChoices;
  /** Retry of the latest answer (offered on it only). */
  onRetry?: (() => void) | undefined;
}) {
  return messages.map((message, index) =>
    message.role === 'user' ? (
      <UserTurn key={message.id} message={message} />
    ) : (
      <AssistantTurn
        key={message.id}
        id={message.id}
        prose={message.content}
        cards={message.cards}
        dropped={message.dropped}
        status={message.status}
        error={message.error}
        choices={choices}
        onRetry={index === messages.length - 1 ? onRetry : undefined}
      />
    ),
  );
}

export { UserTurn };
