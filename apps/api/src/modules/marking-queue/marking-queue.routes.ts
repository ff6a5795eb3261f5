import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorResponseSchema,
  IdParamsSchema,
  MarkingQueueCountSchema,
  MarkingQueueQuerySchema,
  MarkingQueueSchema,
  MarkingSuggestionSchema,
  QueueMarkResultSchema,
  QueueMarkSchema,
  QuestionRubricListSchema,
  QuestionRubricSchema,
  SaveRubricSchema,
  SuggestionRequestSchema,
} from '@vbuilder/shared';
import { errorResponses } from '../../lib/errors.ts';
import { languageFromRequest } from '../../i18n/index.ts';
import { openAiModel } from '../ai/ai-model.ts';
import { certificateEffects } from '../certificates/certificates.service.ts';
import { MARKERS } from '../submissions/submissions.routes.ts';
import {
  getQueue,
  getQueueCount,
  getRubrics,
  markFromQueue,
  putRubric,
  rejectSuggestion,
  removeRubric,
  suggestMark,
} from './marking-queue.service.ts';

const tags = ['marking-queue'];
const errors = errorResponses(400, 401, 403, 404);
const RubricParamsSchema = z.object({ id: z.uuid(), questionId: z.string().min(1).max(64) });

const perUser = (req: FastifyRequest) => `ai-marking:${req.actor?.userId ?? req.ip}`;
/**
 * Each suggestion costs a model call: a teacher reads an answer before asking, so a few a minute
 * is the pace of marking; more is a script.
 */
export const SUGGESTION_LIMIT = { max: 20, timeWindow: '1 minute', keyGenerator: perUser };

/**
 * The marking queue: every answer of the organization that waits for a person, rubrics
 * per question, and suggested marks from the language model. For the organization's markers
 * (administrators and teachers), like POST /attempts/:id/marks; everything is scoped to their
 * organization, another organization's records answering 404 like missing ones.
 */
const markingQueueRoutes: FastifyPluginAsyncZod = async (app) => {
  const markers = { policy: { roles: MARKERS } };
  const model = openAiModel(app.config, app.log);
  const now = () => app.clock.now();

  app.get(
    '/marking-queue',
    {
      schema: {
        tags,
        summary:
          'Answers waiting for a person, oldest first, filtered by assessment, question type and student',
        querystring: MarkingQueueQuerySchema,
        response: { 200: MarkingQueueSchema, ...errors },
      },
      config: markers,
    },
    (req) => getQueue(app.db, model, req.actor, req.query),
  );

  app.get(
    '/marking-queue/count',
    {
      schema: {
        tags,
        summary: 'How many answers wait for a person in the organization',
        response: { 200: MarkingQueueCountSchema, ...errors },
      },
      config: markers,
    },
    (req) => getQueueCount(app.db, req.actor),
  );

  app.post(
    '/marking-queue/marks',
    {
      schema: {
        tags,
        summary:
          "Mark one answer (as POST /attempts/:id/marks), keeping the rubric levels and the suggestion's outcome; 409 mark_conflict when someone marked it meanwhile",
        body: QueueMarkSchema,
        response: { 200: QueueMarkResultSchema, ...errors, 409: ErrorResponseSchema },
      },
      config: markers,
    },
    (req) =>
      markFromQueue(
        { db: app.db, clock: app.clock, jobs: app.jobs, certificates: certificateEffects(app) },
        req.actor,
        req.body,
      ),
  );

  app.post(
    '/marking-queue/suggestions',
    {
      schema: {
        tags,
        summary:
          'Ask the language model for a suggested score and rationale of one open answer (stored as a suggestion, never a mark)',
        body: SuggestionRequestSchema,
        response: {
          200: MarkingSuggestionSchema,
          ...errors,
          422: ErrorResponseSchema,
          429: ErrorResponseSchema,
          502: ErrorResponseSchema,
          503: ErrorResponseSchema,
        },
      },
      config: { ...markers, rateLimit: SUGGESTION_LIMIT },
    },
    (req) =>
      suggestMark(
        { db: app.db, model, modelName: app.config.OPENAI_MODEL, now, log: req.log },
        req.actor,
        req.body,
        languageFromRequest(req),
      ),
  );

  app.post(
    '/marking-queue/suggestions/:id/reject',
    {
      schema: {
        tags,
        summary: 'Set a suggestion aside (kept, recorded as rejected)',
        params: IdParamsSchema,
        response: { 200: MarkingSuggestionSchema, ...errors },
      },
      config: markers,
    },
    (req) => rejectSuggestion({ db: app.db, now }, req.actor, req.params.id),
  );

  app.get(
    '/assessments/:id/rubrics',
    {
      schema: {
        tags,
        summary: "The assessment's marking rubrics, one per open-answer question that has one",
        params: IdParamsSchema,
        response: { 200: QuestionRubricListSchema, ...errors },
      },
      config: markers,
    },
    (req) => getRubrics(app.db, req.actor, req.params.id),
  );

  app.put(
    '/assessments/:id/rubrics/:questionId',
    {
      schema: {
        tags,
        summary: "Create or replace an open-answer question's rubric (criteria with levels worth points)",
        params: RubricParamsSchema,
        body: SaveRubricSchema,
        response: { 200: QuestionRubricSchema, ...errors, 409: ErrorResponseSchema },
      },
      config: markers,
    },
    (req) => putRubric({ db: app.db, now }, req.actor, req.params.id, req.params.questionId, req.body),
  );

  app.delete(
    '/assessments/:id/rubrics/:questionId',
    {
      schema: {
        tags,
        summary: "Delete a question's rubric (marks given with it keep their levels)",
        params: RubricParamsSchema,
        response: { 204: z.null(), ...errors },
      },
      config: markers,
    },
    async (req, reply) => {
      await removeRubric({ db: app.db, now }, req.actor, req.params.id, req.params.questionId);
      return reply.code(204).send(null);
    },
  );
};

export default markingQueueRoutes;
