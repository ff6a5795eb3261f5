import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ATTEMPT_LIMITS,
  AttemptDeadlineSchema,
  AttemptFileSchema,
  AttemptResultSchema,
  AttemptSchema,
  ErrorResponseSchema,
  IdParamsSchema,
  MyResultsSchema,
  SaveAnswerAckSchema,
  SaveAnswerSchema,
  SubmitAttemptSchema,
  DocumentQuerySchema,
} from '@vbuilder/shared';
import { errorResponses } from '../../lib/errors.ts';
import { createFileStore, readUploadedFile } from '../../lib/files.ts';
import { ATTEMPT_FILE_FIELD, readAttemptFile, uploadAttemptFile } from './attempt-files.service.ts';
import {
  attemptsContext,
  myResults,
  readAttempt,
  resultForDocument,
  readDeadline,
  saveAnswer,
  startAttempt,
  submitAttempt,
} from './attempts.service.ts';
import { contentDispositionHeader } from '../../lib/content-disposition.ts';
import { languageFromRequest, translatorFor, validTimeZone } from '../../i18n/index.ts';
import { attemptResultPdf } from './attempts.result-pdf.ts';

const tags = ['attempts'];
const errors = errorResponses(400, 401, 403, 404, 409);

/** Only students take assessments; staff read attempts (GET) but never write to them. */
const STUDENTS = { roles: ['Student'] as const };

const AnswerParamsSchema = IdParamsSchema.extend({ questionId: z.string().min(1).max(64) });
const FileParamsSchema = IdParamsSchema.extend({ fileId: z.uuid() });

/**
 * Taking an assessment: start or continue an attempt, autosave answers, submit once,
 * see results. A Student only reaches assessments published and assigned to them and their own
 * attempts; anything else answers 404 so nothing about it is confirmed.
 */
const attemptsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = attemptsContext(app);
  const files = createFileStore(app.config);

  app.post(
    '/assessments/:id/attempts',
    {
      schema: {
        tags,
        summary:
          'Start an attempt (201), or get the one in progress (200). 409 window_not_open, window_closed, retake_not_allowed',
        params: IdParamsSchema,
        response: { 200: AttemptSchema, 201: AttemptSchema, ...errors },
      },
      config: { policy: STUDENTS },
    },
    async (req, reply) => {
      const { attempt, created } = await startAttempt(ctx, req.actor, req.params.id);
      return reply.code(created ? 201 : 200).send(attempt);
    },
  );

  app.get(
    '/assessments/:id/my-results',
    {
      schema: {
        tags,
        summary:
          "The caller's submitted attempts at this assessment, newest first, and whether a retake is possible",
        params: IdParamsSchema,
        response: { 200: MyResultsSchema, ...errors },
      },
      config: { policy: STUDENTS },
    },
    (req) => myResults(ctx, req.actor, req.params.id),
  );

  app.get(
    '/attempts/:id',
    {
      schema: {
        tags,
        summary: 'An attempt with its questions (no answers revealed), saved answers and the server time',
        params: IdParamsSchema,
        response: { 200: AttemptSchema, ...errors },
      },
      config: { policy: 'authenticated' },
    },
    (req) => readAttempt(ctx, req.actor, req.params.id),
  );

  app.get(
    '/attempts/:id/deadline',
    {
      schema: {
        tags,
        summary:
          "The caller's own attempt's deadline now (extra time given during the attempt moves it): the timer's light refresh",
        params: IdParamsSchema,
        response: { 200: AttemptDeadlineSchema, ...errors },
      },
      config: { policy: STUDENTS },
    },
    (req) => readDeadline(ctx, req.actor, req.params.id),
  );

  app.put(
    '/attempts/:id/answers/:questionId',
    {
      schema: {
        tags,
        summary:
          'Save one answer (acknowledged after commit; an older revision is not written: stale). 409 attempt_submitted, attempt_closed',
        params: AnswerParamsSchema,
        body: SaveAnswerSchema,
        response: { 200: SaveAnswerAckSchema, ...errors },
      },
      // saveAnswer checks the account in its one statement (exam-day hot path).
      config: { policy: STUDENTS, accountCheckedByHandler: true },
    },
    (req) => saveAnswer(ctx, req.actor, req.params.id, req.params.questionId, req.body),
  );

  app.post(
    '/attempts/:id/answers/:questionId/files',
    {
      schema: {
        tags,
        summary: `Upload a file or recording for an open answer (multipart, field ${ATTEMPT_FILE_FIELD}); put its url in the answer`,
        consumes: ['multipart/form-data'],
        params: AnswerParamsSchema,
        response: { 201: AttemptFileSchema, ...errors, 413: ErrorResponseSchema },
      },
      config: { policy: STUDENTS },
    },
    async (req, reply) => {
      const upload = await readUploadedFile(req, {
        field: ATTEMPT_FILE_FIELD,
        maxBytes: ATTEMPT_LIMITS.fileMaxBytes,
      });
      const stored = await uploadAttemptFile(
        app.db,
        files,
        req.actor,
        app.clock.now(),
        { attemptId: req.params.id, questionId: req.params.questionId },
        upload,
      );
      return reply.code(201).send(stored);
    },
  );

  app.get(
    '/attempts/:id/files/:fileId',
    {
      schema: {
        tags,
        summary: 'A file handed in with an attempt (its student, staff of its organization)',
        params: FileParamsSchema,
        response: { 200: z.any(), ...errors },
      },
      config: { policy: 'authenticated' },
    },
    async (req, reply) => {
      const { row, stream } = await readAttemptFile(
        app.db,
        files,
        req.actor,
        req.params.id,
        req.params.fileId,
      );
      const media = row.contentType.startsWith('audio/') || row.contentType.startsWith('video/');
      return reply
        .header('content-type', row.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', contentDispositionHeader(row.name, { inline: media }))
        .header('content-length', row.size)
        .send(stream);
    },
  );

  app.get(
    '/attempts/:id/result.pdf',
    {
      schema: {
        tags,
        summary:
          "The caller's own submitted attempt's result as PDF: score, pass state, each answer's outcome (correct, partly correct, incorrect with its points; pending marking) and feedback",
        params: IdParamsSchema,
        querystring: DocumentQuerySchema,
        produces: ['application/pdf'],
        response: { 200: z.any(), ...errors },
      },
      config: { policy: STUDENTS },
    },
    async (req, reply) => {
      const { result, title, subject, studentName } = await resultForDocument(ctx, req.actor, req.params.id);
      const reader = { language: languageFromRequest(req), timeZone: validTimeZone(req.query.timeZone) };
      const bytes = await attemptResultPdf(result, { title, subject, studentName }, app.clock.now(), reader);
      const t = translatorFor(reader.language);
      return reply
        .header('content-type', 'application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', contentDispositionHeader(`${title} - ${t('result:fileName')}.pdf`))
        .send(bytes);
    },
  );

  app.post(
    '/attempts/:id/submit',
    {
      schema: {
        tags,
        summary:
          'Submit the attempt (exactly once; repeats answer the same result) and get its marks. 409 attempt_closed after the deadline',
        params: IdParamsSchema,
        body: SubmitAttemptSchema,
        response: { 200: AttemptResultSchema, ...errors },
      },
      config: { policy: STUDENTS },
    },
    (req) => submitAttempt(ctx, req.actor, req.params.id),
  );
};

export default attemptsRoutes;
