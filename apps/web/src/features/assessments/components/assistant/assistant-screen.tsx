import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Grid, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconKey, IconSparkles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AiChatRequest, AiMessage, Question } from '@vbuilder/shared';
import { useErrorText } from '../../../../lib/forms/use-error-text.ts';
import { useSearchParam } from '../../../../lib/use-search-param.ts';
import { useAiConfigured } from '../../api/ai-configured.ts';
import { useConversation } from '../../api/assistant.ts';
import { useAssessmentUsage } from '../../api/get-usage.ts';
import { AddToAssessmentDialog } from './add-to-assessment-dialog.tsx';
import { AssistantComposer } from './assistant-composer.tsx';
import { AssistantTurn, StoredTurns, UserTurn, cardKey, type CardChoices } from './assistant-messages.tsx';
import { ConversationList } from './conversation-list.tsx';
import { useAssistantChat } from './use-assistant-chat.ts';

export interface AssistantScreenProps {
  userId: string;
  /** The signed-in person's language: the questions' language unless they pick another. */
  language: string;
}

/** Every card of the stored answers, by key, as it stands (edited or not), in conversation order. */
function cardsOf(messages: readonly AiMessage[], edits: ReadonlyMap<string, Question>) {
  return messages.flatMap((message) =>
    message.cards.map((card, i) => {
      const key = cardKey(message.id, i);
      return { key, question: edits.get(key) ?? card.question };
    }),
  );
}

/**
 * What asking again sends for the latest answer when it failed or had no usable question: the
 * teacher's message before it, as it was (its source is the conversation's latest, which the
 * server uses for a request without one). Null when there is nothing to ask again.
 */
function retryOf(messages: readonly AiMessage[]): Omit<AiChatRequest, 'conversationId'> | null {
  const last = messages.at(-1);
  if (!last || last.role !== 'assistant' || (last.status !== 'failed' && !last.error)) return null;
  const asked = messages.findLast((m) => m.role === 'user');
  if (!asked || (!asked.content && !asked.request)) return null;
  return { message: asked.content, ...(asked.request ? { questions: asked.request } : {}) };
}

/**
 * /account/aiassistant/{userId} (docs/product/screens.md): the teacher's conversations beside a chat
 * with the assistant. An answer streams in (stop button while it does); its questions arrive as
 * cards to try, edit and choose, the dropped ones listed with why; chosen cards go into a draft
 * assessment. The open conversation is in the address (?c=), so a reload keeps it.
 */
export function AssistantScreen({ userId, language }: AssistantScreenProps) {
  const { t } = useTranslation(['aiAssistant', 'common']);
  const errorText = useErrorText();
  const [activeId, setActiveId] = useSearchParam('c');
  const conversation = useConversation(activeId);
  const usage = useAssessmentUsage();
  const configured = useAiConfigured();
  const chat = useAssistantChat(setActiveId);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [edits, setEdits] = useState<ReadonlyMap<string, Question>>(new Map());
  const [adding, setAdding] = useState(false);
  const endRef = useRef<HTMLDivElement>(null);

  const messages = useMemo(() => conversation.data?.messages ?? [], [conversation.data]);
  const pending = chat.pending;
  // While a turn streams its stored question may already be in a refetched conversation.
  const shown = pending?.userMessage ? messages.filter((m) => m.id !== pending.userMessage!.id) : messages;

  const open = useCallback(
    (id: string | null) => {
      setActiveId(id);
      setSelected(new Set());
      setEdits(new Map());
      chat.dismissProblem();
    },
    [chat, setActiveId],
  );

  // Follow the answer as it grows.
  const growth = `${messages.length}:${pending?.prose.length ?? 0}:${pending?.cards.length ?? 0}`;
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end', behavior: 'smooth' });
  }, [growth]);

  const choices: CardChoices = {
    selected,
    edits,
    onSelect: (key, on) =>
      setSelected((current) => {
        const next = new Set(current);
        if (on) next.add(key);
        else next.delete(key);
        return next;
      }),
    onEdit: (key, question) => setEdits((current) => new Map(current).set(key, question)),
  };
  const chosen = cardsOf(messages, edits).filter((card) => selected.has(card.key));
  const hasEarlierSource = messages.some((m) => m.source !== null);
  const allowedTypes = usage.data?.plan.allowedTypes ?? [];

  const retryBody = chat.streaming ? null : retryOf(messages);
  const retry = retryBody
    ? () => void chat.send({ ...retryBody, ...(activeId ? { conversationId: activeId } : {}) })
    : undefined;
  // No model on the server: said before anyone types, not after Send.
  const unavailable = configured.data === false;
  const unavailableId = 'assistant-unavailable';

  const problem = chat.problem;
  const problemAlert = problem ? (
    problem.code === 'ai_key_missing' ? (
      <Alert color="orange" variant="light" role="alert" icon={<IconKey size={20} aria-hidden />}>
        {errorText(problem.code)}
      </Alert>
    ) : problem.message === undefined ? (
      <Alert
        color="red"
        variant="light"
        role="alert"
        icon={<IconAlertCircle size={20} aria-hidden />}
        title={t('errors.refusedTitle')}
      >
        {errorText(problem.code)}
      </Alert>
    ) : null
  ) : null;

  return (
    <Stack gap="md" maw={1280} mx="auto" w="100%">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('page.title')}
        </Title>
        <Text size="sm" c="gray.7">
          {t('page.description')}
        </Text>
      </Stack>
      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <ConversationList activeId={activeId} onOpen={open} disabled={chat.streaming} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Stack
            gap="md"
            component="section"
            aria-label={conversation.data?.title ?? t('conversations.untitled')}
          >
            {activeId && conversation.isPending ? (
              <Group justify="center" p="lg">
                <Loader size="sm" />
              </Group>
            ) : activeId && conversation.isError ? (
              <Alert color="red" variant="light" role="alert">
                {t('chat.loadFailed')}
              </Alert>
            ) : shown.length === 0 && !pending ? (
              <Paper withBorder radius="md" p="lg" bg="gray.0">
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <IconSparkles size={28} aria-hidden color="var(--mantine-color-violet-7)" />
                  <Stack gap={4}>
                    <Text fw={600}>{t('chat.welcomeTitle')}</Text>
                    <Text size="sm" c="gray.8">
                      {t('chat.welcome')}
                    </Text>
                  </Stack>
                </Group>
              </Paper>
            ) : null}
            <Stack gap="lg" aria-live="polite" aria-busy={chat.streaming}>
              <StoredTurns messages={shown} choices={choices} onRetry={retry} />
              {pending?.userMessage ? <UserTurn message={pending.userMessage} /> : null}
              {pending ? (
                <AssistantTurn
                  id="pending"
                  prose={pending.prose}
                  cards={pending.cards}
                  dropped={pending.dropped}
                  status="streaming"
                  error={null}
                  choices={{ ...choices, selected: new Set(), onSelect: () => undefined }}
                />
              ) : null}
            </Stack>
            {problemAlert}
            {chosen.length > 0 ? (
              <Paper withBorder radius="md" p="sm" pos="sticky" bottom={8} style={{ zIndex: 2 }} shadow="sm">
                <Group justify="space-between" gap="sm" wrap="wrap">
                  <Text size="sm" fw={500}>
                    {t('add.selected', { count: chosen.length })}
                  </Text>
                  <Button onClick={() => setAdding(true)}>{t('add.button')}</Button>
                </Group>
              </Paper>
            ) : null}
            <div ref={endRef} />
            {unavailable ? (
              <Alert
                id={unavailableId}
                color="orange"
                variant="light"
                icon={<IconKey size={20} aria-hidden />}
                title={t('unavailable.title')}
              >
                {t('unavailable.body')}
              </Alert>
            ) : null}
            <AssistantComposer
              // Starts again once the plan is known, so its default types are the plan's.
              key={usage.data ? 'plan' : 'loading'}
              allowedTypes={allowedTypes}
              defaultLanguage={language}
              hasEarlierSource={hasEarlierSource}
              streaming={chat.streaming}
              onSend={(body, onAccepted) =>
                void chat.send({ ...body, ...(activeId ? { conversationId: activeId } : {}) }, onAccepted)
              }
              onStop={chat.stop}
              unavailableNoteId={unavailable ? unavailableId : undefined}
            />
          </Stack>
        </Grid.Col>
      </Grid>
      {/* Mounted while open only: the organization's drafts are read when the teacher adds. */}
      {adding ? (
        <AddToAssessmentDialog
          opened
          onClose={() => setAdding(false)}
          questions={chosen.map((card) => card.question)}
          userId={userId}
          language={language}
          onAdded={() => setSelected(new Set())}
        />
      ) : null}
    </Stack>
  );
}
