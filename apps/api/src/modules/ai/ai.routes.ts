import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AiGenerateRequestSchema,
  AiGenerateResponseSchema,
  AiSourceTextSchema,
  ASSESSMENT_LIMITS,
  ErrorResponseSchema,
  type Role,
} from '@vbuilder/shared';
import { errorResponses } from '../../lib/errors.ts';
import { readUploadedFile } from '../../lib/files.ts';
import { openAiModel } from './ai-model.ts';
import { extractSourceText } from './ai-source.ts';
import { generateQuestions } from './ai.service.ts';

/** Who writes assessments in an organization (docs/product/roles.md): administrators and teachers. */
export const AI_ROLES: readonly Role[] = ['Administrator', 'user', 'Teacher'];

/** The multipart field a source document arrives in. */
export const AI_SOURCE_FIELD = 'file';

const perUser = (req: FastifyRequest) => `ai:${req.actor?.userId ?? req.ip}`;
/** Each generation costs money: a handful a minute per person is plenty for writing an assessment. */
export const GENERATION_LIMIT = { max: 10, timeWindow: '1 minute', keyGenerator: perUser };
/** Reading a PDF takes CPU; a teacher uploads a few documents, not dozens a minute. */
export const SOURCE_LIMIT = { max: 20, timeWindow: '1 minute', keyGenerator: perUser };

const errors = errorResponses(400, 401, 403, 429);

/** AI question generation (docs/product/validation.md, docs/product/api.md POST /ai/questions) and reading source documents for it. */
const aiRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = { db: app.db, model: openAiModel(app.config, app.log) };

  app.post(
    '/ai/questions',
    {
      schema: {
        tags: ['ai'],
        summary: 'Generate questions of the requested types with the language model (nothing is saved)',
        body: AiGenerateRequestSchema,
        response: {
          200: AiGenerateResponseSchema,
          ...errors,
          422: ErrorResponseSchema,
          502: ErrorResponseSchema,
          503: ErrorResponseSchema,
        },
      },
      config: { policy: { roles: AI_ROLES }, rateLimit: GENERATION_LIMIT },
    },
    (req) => generateQuestions(ctx, req.actor, req.body),
  );

  app.post(
    '/ai/source',
    {
      schema: {
        tags: ['ai'],
        summary: `Read the text of a document to generate questions from (multipart, field ${AI_SOURCE_FIELD}; PDF, DOCX, TXT or MD)`,
        consumes: ['multipart/form-data'],
        response: { 200: AiSourceTextSchema, ...errors, 413: ErrorResponseSchema },
      },
      config: { policy: { roles: AI_ROLES }, rateLimit: SOURCE_LIMIT },
    },
    async (req) => {
      const file = await readUploadedFile(req, {
        field: AI_SOURCE_FIELD,
        maxBytes: ASSESSMENT_LIMITS.aiSourceFileMaxBytes,
        what: 'the document',
      });
      return extractSourceText(file.bytes, file.filename);
    },
  );
};

export default aiRoutes;
