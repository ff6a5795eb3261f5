import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { createParser } from 'eventsource-parser';
import {
  AiAddedToAssessmentSchema,
  AiChatEventSchemas,
  AiConversationListSchema,
  AiConversationSchema,
  AiConversationSummarySchema,
  type AiAddToAssessment,
  type AiChatEvent,
  type AiChatEventName,
  type AiChatRequest,
} from '@vbuilder/shared';
import { ApiError, api } from '../../../lib/api-client.ts';
import { aiAssistantKeys, assessmentKeys } from '../../../lib/query-keys.ts';

/** GET /ai/conversations: the caller's own conversations, newest activity first. */
export const conversationsQuery = () =>
  queryOptions({
    queryKey: aiAssistantKeys.list(),
    queryFn: ({ signal }) => api.get('/ai/conversations', AiConversationListSchema, { signal }),
    select: (data) => data.conversations,
  });
export const useConversations = () => useQuery(conversationsQuery());

/** GET /ai/conversations/:id with its messages. */
export const useConversation = (id: string | null) =>
  useQuery({
    queryKey: aiAssistantKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api.get(`/ai/conversations/${id}`, AiConversationSchema, { signal }),
    enabled: Boolean(id),
  });

export const useRenameConversation = () =>
  useMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) =>
      api.patch(`/ai/conversations/${id}`, { title }, AiConversationSummarySchema),
    meta: { invalidates: [aiAssistantKeys.all] },
  });

export const useDeleteConversation = () =>
  useMutation({
    mutationFn: (id: string) => api.delete(`/ai/conversations/${id}`),
    meta: { invalidates: [aiAssistantKeys.all] },
  });

/** POST /ai/assessment-drafts: chosen cards into a draft (existing or new); the lists change. */
export const useAddToAssessment = () =>
  useMutation({
    mutationFn: (body: AiAddToAssessment) =>
      api.post('/ai/assessment-drafts', body, AiAddedToAssessmentSchema),
    meta: { invalidates: [assessmentKeys.all], silent: true },
  });

/**
 * POST /ai/chat: one turn, its server-sent events handed to `onEvent` as they arrive, each checked
 * against the contract. Resolves when the stream ends; aborting `signal` (the stop button) closes
 * it, and the server stops the model. A refusal before the stream (plan, key) throws ApiError.
 */
export async function streamChat(
  body: AiChatRequest,
  onEvent: (event: AiChatEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  const response = await api.openStream('/ai/chat', body, signal);
  const parser = createParser({
    onEvent({ event, data }) {
      const name = event as AiChatEventName;
      const schema = AiChatEventSchemas[name];
      if (!schema) return;
      const parsed = schema.safeParse(JSON.parse(data));
      if (!parsed.success)
        throw new ApiError(200, 'invalid_response', 'The server answered in an unexpected shape');
      onEvent({ event: name, data: parsed.data } as AiChatEvent);
    },
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  // Stop reading at once, whether or not the transport ends the body itself.
  const stop = () => void reader.cancel().catch(() => undefined);
  signal.addEventListener('abort', stop);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(value);
    }
  } finally {
    signal.removeEventListener('abort', stop);
    reader.releaseLock();
  }
  signal.throwIfAborted();
}
