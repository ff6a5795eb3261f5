import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AiGenerateRequestSchema,
  AiGenerateResponseSchema,
  AiSourceTextSchema,
  ASSESSMENT_LIMITS,
  ErrorResponseSchema,
  type Role,
} from '@vbuilder/shared';
import { badRequest } from '../../lib/errors.ts';
import { fileTooLarge } from '../../lib/stored-images.ts';
import { openAiModel } from './ai-model.ts';
import { extractSourceText } from './ai-source.ts';
import { generateQuestions } from './ai.service.ts';

/** Who writes assessments in an organization (SPEC §6): administrators and teachers. */
export const AI_ROLES: readonly Role[] = ['Administrator', 'user', 'Teacher'];

/** The multipart field a source document arrives in. */
export const AI_SOURCE_FIELD = 'file';

const perUser = (req: FastifyRequest) => `ai:${req.actor?.userId ?? req.ip}`;
/** Each generation costs money: a handful a minute per person is plenty for writing an assessment. */
export const GENERATION_LIMIT = { max: 10, timeWindow: '1 minute', keyGenerator: perUser };
/** Reading a PDF takes CPU; a teacher uploads a few documents, not dozens a minute. */
export const SOURCE_LIMIT = { max: 20, timeWindow: '1 minute', keyGenerator: perUser };

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  429: ErrorResponseSchema,
};

/** The one file in `field` with its name (other parts drained). Missing → 400 file_required. */
async function readSourceFile(app: FastifyInstance, req: FastifyRequest) {
  const missing = () =>
    badRequest('file_required', `Send the document as multipart field ${AI_SOURCE_FIELD}`);
  if (!req.isMultipart()) throw missing();
  let file: { bytes: Buffer; name: string } | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname === AI_SOURCE_FIELD && file === null) {
        file = { bytes: await part.toBuffer(), name: part.filename };
      } else part.file.resume();
    }
  } catch (error) {
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) {
      throw fileTooLarge(ASSESSMENT_LIMITS.aiSourceFileMaxBytes);
    }
    throw error;
  }
  if (!file || file.bytes.length === 0) throw missing();
  return file;
}

/** AI question generation (SPEC §5, DESIGN §5 POST /ai/questions) and reading source documents for it. */
const aiRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasDecorator('rateLimit')) await app.register(rateLimit, { global: false });
  await app.register(multipart, {
    limits: { fileSize: ASSESSMENT_LIMITS.aiSourceFileMaxBytes, files: 1, fields: 10, parts: 11 },
  });
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
      const file = await readSourceFile(app, req);
      return extractSourceText(file.bytes, file.name);
    },
  );
};

export default aiRoutes;
