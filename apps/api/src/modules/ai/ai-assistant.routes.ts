import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AiAddedToAssessmentSchema,
  AiAddToAssessmentSchema,
  AiChatRequestSchema,
  AiConversationListSchema,
  AiConversationSchema,
  AiConversationSummarySchema,
  AiConversationTitleSchema,
  AiNewConversationSchema,
  ErrorResponseSchema,
  type AiChatEvent,
} from '@vbuilder/shared';
import { COMMON_ERRORS, errorResponses } from '../../lib/errors.ts';
import { createFileStore } from '../../lib/files.ts';
import { displayMessage } from '../../plugins/errors.ts';
import { openAiModel } from './ai-model.ts';
import { AI_ROLES, GENERATION_LIMIT } from './ai.routes.ts';
import {
  addToAssessment,
  conversationOf,
  conversationsOf,
  prepareChat,
  removeConversation,
  renameConversation,
  startConversation,
} from './ai-assistant.service.ts';

const IdParams = z.object({ id: z.uuid() });
const policy = { roles: AI_ROLES };

/** One server-sent event: its name and its JSON data. */
const sse = ({ event, data }: AiChatEvent) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * The AI assistant (docs/product/api.md POST /ai/chat): the caller's own conversations, a turn
 * answered as server-sent events, and chosen cards into an assessment draft. Teachers and
 * administrators (docs/product/screens.md menu 'ai'), each seeing only their own conversations.
 */
const aiAssistantRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = {
    db: app.db,
    clock: app.clock,
    files: createFileStore(app.config),
    jobs: app.jobs,
    model: openAiModel(app.config, app.log),
  };

  app.post(
    '/ai/chat',
    {
      schema: {
        tags: ['ai'],
        summary:
          'One turn of the AI assistant, answered as server-sent events: conversation, delta…, card…, dropped…, then done or error',
        body: AiChatRequestSchema,
        produces: ['text/event-stream'],
        response: { ...COMMON_ERRORS, 429: ErrorResponseSchema, 503: ErrorResponseSchema },
      },
      config: { policy, rateLimit: GENERATION_LIMIT },
    },
    async (req, reply) => {
      // Refusals (plan, key, conversation) are ordinary JSON errors: checked before the stream opens.
      const prepared = await prepareChat(ctx, req.actor, req.body);

      const upstream = new AbortController();
      // The stop button (or a closed tab) closes the connection: stop paying for the answer.
      reply.raw.on('close', () => {
        if (!reply.raw.writableEnded) upstream.abort();
      });
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
        // The hijacked reply skips the security plugin's hooks: the header that matters here, by hand.
        'x-content-type-options': 'nosniff',
      });
      const emit = (event: AiChatEvent) => {
        if (!reply.raw.writableEnded && !reply.raw.destroyed) reply.raw.write(sse(event));
      };
      emit({
        event: 'conversation',
        data: { conversation: prepared.conversation, message: prepared.userMessage },
      });
      try {
        await prepared.run(emit, upstream.signal, (code, english) => displayMessage(req, code, english));
      } catch (error) {
        req.log.error({ err: error }, 'AI assistant turn failed');
        emit({
          event: 'error',
          data: {
            code: 'internal_error',
            message: displayMessage(req, 'internal_error', 'Something went wrong'),
            kept: null,
          },
        });
      } finally {
        reply.raw.end();
      }
    },
  );

  app.get(
    '/ai/conversations',
    {
      schema: {
        tags: ['ai'],
        summary: "The caller's AI assistant conversations, newest activity first",
        response: { 200: AiConversationListSchema, ...COMMON_ERRORS },
      },
      config: { policy },
    },
    (req) => conversationsOf(ctx, req.actor),
  );

  app.post(
    '/ai/conversations',
    {
      schema: {
        tags: ['ai'],
        summary: 'Start an empty conversation',
        body: AiNewConversationSchema,
        response: { 201: AiConversationSummarySchema, ...COMMON_ERRORS },
      },
      config: { policy },
    },
    async (req, reply) => reply.code(201).send(await startConversation(ctx, req.actor, req.body.title)),
  );

  app.get(
    '/ai/conversations/:id',
    {
      schema: {
        tags: ['ai'],
        summary: 'One of the caller’s conversations with its messages',
        params: IdParams,
        response: { 200: AiConversationSchema, ...COMMON_ERRORS },
      },
      config: { policy },
    },
    (req) => conversationOf(ctx, req.actor, req.params.id),
  );

  app.patch(
    '/ai/conversations/:id',
    {
      schema: {
        tags: ['ai'],
        summary: 'Rename one of the caller’s conversations',
        params: IdParams,
        body: AiConversationTitleSchema,
        response: { 200: AiConversationSummarySchema, ...COMMON_ERRORS },
      },
      config: { policy },
    },
    (req) => renameConversation(ctx, req.actor, req.params.id, req.body.title),
  );

  app.delete(
    '/ai/conversations/:id',
    {
      schema: {
        tags: ['ai'],
        summary: 'Delete one of the caller’s conversations and its messages',
        params: IdParams,
        response: { 204: z.null(), ...COMMON_ERRORS },
      },
      config: { policy },
    },
    async (req, reply) => {
      await removeConversation(ctx, req.actor, req.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/ai/assessment-drafts',
    {
      schema: {
        tags: ['ai'],
        summary: 'Put chosen assistant cards into a draft assessment of the organization, or a new draft',
        body: AiAddToAssessmentSchema,
        response: { 200: AiAddedToAssessmentSchema, ...COMMON_ERRORS, ...errorResponses(409) },
      },
      config: { policy },
    },
    (req) => addToAssessment(ctx, req.actor, req.body),
  );
};

export default aiAssistantRoutes;
