import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  NOT_EXPORTABLE_HEADER,
  QuestionExportCheckSchema,
  QuestionExportQuerySchema,
} from '@vbuilder/shared';
import { asciiFileName, contentDispositionHeader } from '../../lib/content-disposition.ts';
import { COMMON_ERRORS, errorResponses } from '../../lib/errors.ts';
import { languageFromRequest } from '../../i18n/index.ts';
import { ASSESSMENT_AUTHORS } from '../assessments/assessments.policy.ts';
import { assessmentsContext } from '../assessments/assessments.access.ts';
import { exportForActor } from './question-exports.service.ts';

const tags = ['question-bank'];
/**
 * The organization's teachers and administrators: those who open its assessments in the editor
 * and its bank (the platform team and students never).
 */
const policy = { roles: ASSESSMENT_AUTHORS };
/** Each call loads and writes a whole selection (images too): counted per user. */
const EXPORT_LIMIT = {
  max: 30,
  timeWindow: '1 minute',
  keyGenerator: (req: FastifyRequest) => `question-exports:${req.actor?.userId ?? req.ip}`,
};

/** Questions to other platforms' files: check what a format leaves out, then download. */
const questionExportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = assessmentsContext(app);

  app.get(
    '/question-exports/check',
    {
      schema: {
        tags,
        summary:
          'What an export in this format would hold: its file name, and every question the format ' +
          'cannot carry with the reason in the reader’s language (nothing is downloaded)',
        querystring: QuestionExportQuerySchema,
        response: { 200: QuestionExportCheckSchema, ...COMMON_ERRORS, ...errorResponses(429) },
      },
      config: { policy, rateLimit: EXPORT_LIMIT },
    },
    async (req) => (await exportForActor(ctx, req.actor, req.query, languageFromRequest(req))).check,
  );

  app.get(
    '/question-exports/file',
    {
      schema: {
        tags,
        summary:
          'Download an assessment’s questions or a bank selection as a QTI 3.0 content package (zip), ' +
          `Moodle XML, GIFT or Aiken; ${NOT_EXPORTABLE_HEADER} counts the questions left out (the check lists them)`,
        querystring: QuestionExportQuerySchema,
        response: { ...COMMON_ERRORS, ...errorResponses(429) },
      },
      config: { policy, rateLimit: EXPORT_LIMIT },
    },
    async (req, reply) => {
      const { check, file } = await exportForActor(ctx, req.actor, req.query, languageFromRequest(req));
      // A file, not JSON: sent as the plain reply (the typed one only knows the error bodies).
      return (reply as FastifyReply)
        .header('content-type', file.contentType)
        .header(
          'content-disposition',
          contentDispositionHeader(file.fileName, { fallback: asciiFileName(file.fileName, 'questions') }),
        )
        .header(NOT_EXPORTABLE_HEADER, String(check.notExportable.length))
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(file.bytes));
    },
  );
};

export default questionExportsRoutes;
