import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type {
  AiCard,
  AiChatRequest,
  AiConversation,
  AiConversationSummary,
  AiDropped,
  AiMessage,
} from '@vbuilder/shared';
import { errorCodeOf } from '../../../../lib/api-errors.ts';
import { aiAssistantKeys } from '../../../../lib/query-keys.ts';
import { streamChat } from '../../api/assistant.ts';

/** The turn being answered: the teacher's stored message and what has arrived of the answer. */
export interface PendingTurn {
  userMessage: AiMessage | null;
  prose: string;
  cards: AiCard[];
  dropped: AiDropped[];
}

/** Why the last turn did not finish: a refusal before the stream (code only) or the model's failure. */
export interface TurnProblem {
  code: string;
  message?: string;
}

const EMPTY: PendingTurn = { userMessage: null, prose: '', cards: [], dropped: [] };

/**
 * One conversation's turns: `send` streams the answer into `pending` (prose, cards and dropped
 * items as they arrive); at the end the stored messages go into the conversation's cache, so
 * what is on screen is what the server kept. `stop` aborts the request (the server stops the model
 * and keeps what arrived). A turn that starts a conversation reports its id through `onStarted`.
 */
export function useAssistantChat(onStarted: (conversationId: string) => void) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingTurn | null>(null);
  const [problem, setProblem] = useState<TurnProblem | null>(null);
  const controller = useRef<AbortController | null>(null);

  // Leaving the screen stops a running answer, as the stop button does.
  useEffect(() => () => controller.current?.abort(), []);

  const settle = useCallback(
    (conversation: AiConversationSummary, messages: AiMessage[]) => {
      // A new conversation may not have been fetched yet: start its cache from the summary.
      queryClient.setQueryData<AiConversation>(aiAssistantKeys.detail(conversation.id), (cached) => {
        const current = cached ?? { ...conversation, messages: [] };
        return current
          ? {
              ...current,
              // The conversation may have been fetched mid-turn, already holding some of them.
              messages: [
                ...current.messages,
                ...messages.filter((m) => !current.messages.some((c) => c.id === m.id)),
              ],
            }
          : current;
      });
      void queryClient.invalidateQueries({ queryKey: aiAssistantKeys.all });
    },
    [queryClient],
  );

  const send = useCallback(
    /** `onAccepted`: the server stored the teacher's message (the turn is no longer theirs to keep). */
    async (body: AiChatRequest, onAccepted?: () => void) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      setProblem(null);
      setPending(EMPTY);
      let conversation: AiConversationSummary | null = null;
      let turn: PendingTurn = EMPTY;
      const update = (next: PendingTurn) => {
        turn = next;
        if (!abort.signal.aborted) setPending(next);
      };
      try {
        await streamChat(
          body,
          (event) => {
            switch (event.event) {
              case 'conversation':
                conversation = event.data.conversation;
                update({ ...turn, userMessage: event.data.message });
                onAccepted?.();
                if (!body.conversationId) onStarted(conversation.id);
                break;
              case 'delta':
                update({ ...turn, prose: turn.prose + event.data.text });
                break;
              case 'card':
                update({ ...turn, cards: [...turn.cards, event.data] });
                break;
              case 'dropped':
                update({ ...turn, dropped: [...turn.dropped, event.data] });
                break;
              case 'done':
                settle(conversation!, [turn.userMessage!, event.data.message].filter(Boolean));
                update(EMPTY);
                break;
              case 'error':
                setProblem({ code: event.data.code, message: event.data.message });
                settle(
                  conversation!,
                  [turn.userMessage, event.data.kept].filter((m): m is AiMessage => m !== null),
                );
                update(EMPTY);
                break;
            }
          },
          abort.signal,
        );
      } catch (error) {
        if (abort.signal.aborted) {
          // Stopped: the server keeps what arrived as a stopped answer; show it from there.
          const stopped = conversation as AiConversationSummary | null;
          if (stopped) {
            if (turn.userMessage) settle(stopped, [turn.userMessage]);
            window.setTimeout(
              () => void queryClient.invalidateQueries({ queryKey: aiAssistantKeys.detail(stopped.id) }),
              400,
            );
          }
        } else {
          setProblem({ code: errorCodeOf(error) });
          const current = conversation as AiConversationSummary | null;
          if (current && turn.userMessage) settle(current, [turn.userMessage]);
        }
      } finally {
        if (controller.current === abort) controller.current = null;
        setPending(null);
      }
    },
    [onStarted, queryClient, settle],
  );

  const stop = useCallback(() => controller.current?.abort(), []);
  const dismissProblem = useCallback(() => setProblem(null), []);

  return { send, stop, pending, streaming: pending !== null, problem, dismissProblem };
}
