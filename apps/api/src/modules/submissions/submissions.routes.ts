import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IdParamsSchema,
  ItemAnalysisSchema,
  MarkingViewSchema,
  StudentStatusListSchema,
  SubmissionDetailSchema,
  SubmissionListQuerySchema,
  SubmissionListSchema,
  SubmitMarksSchema,
  type LanguageCode,
  type Role,
  DocumentQuerySchema,
} from '@vbuilder/shared';
import { COMMON_ERRORS } from '../../lib/errors.ts';
import { STAFF } from '../../plugins/authorize.ts';
import { languageFromRequest, validTimeZone } from '../../i18n/index.ts';
import { certificateEffects } from '../certificates/certificates.service.ts';
import { resultsCsv, resultsFileDisposition, resultsXlsx } from './submissions.export.ts';
import { loadItemAnalysis } from './submissions.item-analysis.ts';
import { resultsReportPdf } from './submissions.report.ts';
import { loadReport, resultColumns, resultRows, resultsSummary } from './submissions.results.ts';
import {
  assessmentForStaff,
  getMarkingView,
  getStudentStatuses,
  getSubmissionDetail,
  getSubmissionList,
  submitMarks,
} from './submissions.service.ts';

/** Who reads submissions: an organization's staff, and the Super Administrator (any organization). */
export const SUBMISSION_READERS: readonly Role[] = STAFF;
/** Who marks: the organization's teachers (docs/product/roles.md) and administrators; not the platform team. */
export const MARKERS: readonly Role[] = ['Administrator', 'user', 'Teacher'];

const tags = ['submissions'];
const errors = COMMON_ERRORS;
const MarkingParamsSchema = z.object({ id: z.uuid(), studentId: z.uuid() });

const FILE_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
} as const;

function sendFile(
  reply: FastifyReply,
  bytes: Buffer | Readable,
  title: string,
  kind: 'results' | 'report',
  extension: keyof typeof FILE_TYPES,
  language: LanguageCode,
) {
  return reply
    .header('content-type', FILE_TYPES[extension])
    .header('content-disposition', resultsFileDisposition(title, kind, extension, language))
    .header('cache-control', 'no-store')
    .send(bytes);
}

/**
 * Submissions, manual marking, results exports, the PDF report and item analysis. Every read is
 * scoped to the caller's organization (any for the Super Administrator); another organization's
 * assessment or attempt answers 404 like a missing one.
 */
const submissionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const readers = { policy: { roles: SUBMISSION_READERS } };

  app.get(
    '/assessments/:id/submissions',
    {
      schema: {
        tags,
        summary: 'Submitted attempts of an assessment (newest first) with its figures',
        params: IdParamsSchema,
        querystring: SubmissionListQuerySchema,
        response: { 200: SubmissionListSchema, ...errors },
      },
      config: readers,
    },
    (req) => getSubmissionList(app.db, req.actor, req.params.id, req.query),
  );

  app.get(
    '/assessments/:id/students',
    {
      schema: {
        tags,
        summary:
          'Students assigned to an assessment, each Submitted, Pending or In progress (with the time left by the server clock)',
        params: IdParamsSchema,
        response: { 200: StudentStatusListSchema, ...errors },
      },
      config: readers,
    },
    (req) => getStudentStatuses(app.db, req.actor, req.params.id, app.clock.now()),
  );

  app.get(
    '/assessments/:id/item-analysis',
    {
      schema: {
        tags,
        summary:
          "Item analysis: per question facility, discrimination and option choices of the upper and lower 27 %; the assessment's reliability (KR-20 or alpha), mean, median and standard deviation",
        params: IdParamsSchema,
        response: { 200: ItemAnalysisSchema, ...errors },
      },
      config: readers,
    },
    async (req) => {
      const assessment = await assessmentForStaff(app.db, req.actor, req.params.id);
      return loadItemAnalysis(app.db, assessment, await resultColumns(app.db, assessment));
    },
  );

  app.get(
    '/attempts/:id/submission',
    {
      schema: {
        tags,
        summary: 'One submitted attempt, question by question, for staff',
        params: IdParamsSchema,
        response: { 200: SubmissionDetailSchema, ...errors },
      },
      config: readers,
    },
    (req) => getSubmissionDetail(app.db, req.actor, req.params.id),
  );

  app.get(
    '/assessments/:id/marking/:studentId',
    {
      schema: {
        tags,
        summary: "The student's attempt to mark: the latest with answers waiting, else the latest submitted",
        params: MarkingParamsSchema,
        response: { 200: MarkingViewSchema, ...errors },
      },
      config: readers,
    },
    (req) => getMarkingView(app.db, req.actor, req.params.id, req.params.studentId),
  );

  app.post(
    '/attempts/:id/marks',
    {
      schema: {
        tags,
        summary: 'Mark answers of a submitted attempt (all or nothing) and recompute its score',
        params: IdParamsSchema,
        body: SubmitMarksSchema,
        response: { 200: SubmissionDetailSchema, ...errors },
      },
      config: { policy: { roles: MARKERS } },
    },
    (req) =>
      submitMarks(
        { db: app.db, clock: app.clock, jobs: app.jobs, certificates: certificateEffects(app) },
        req.actor,
        req.params.id,
        req.body,
      ),
  );

  const fileRoute = (extension: keyof typeof FILE_TYPES, name: string, summary: string) =>
    app.get(
      `/assessments/:id/${name}.${extension}`,
      {
        schema: {
          tags,
          summary,
          params: IdParamsSchema,
          querystring: DocumentQuerySchema,
          produces: [FILE_TYPES[extension]],
          response: errors,
        },
        config: readers,
      },
      async (req, reply) => {
        const db = app.db;
        const assessment = await assessmentForStaff(db, req.actor, req.params.id);
        const reader = { language: languageFromRequest(req), timeZone: validTimeZone(req.query.timeZone) };
        // Each file reads what it prints; the spreadsheets stream their rows as they are read.
        let body: Buffer | Readable;
        if (extension === 'pdf') {
          body = await resultsReportPdf(await loadReport(db, assessment), app.clock.now(), reader);
        } else {
          const questions = await resultColumns(db, assessment);
          const rows = await resultRows(db, assessment.id, questions);
          body =
            extension === 'csv'
              ? resultsCsv(questions, rows, reader)
              : resultsXlsx(await resultsSummary(db, assessment, questions), rows, reader, app.clock.now());
        }
        const kind = name === 'report' ? 'report' : 'results';
        return sendFile(reply, body, assessment.title, kind, extension, reader.language);
      },
    );
  fileRoute('csv', 'export', 'Results as CSV: one row per submitted attempt, one column per question');
  fileRoute('xlsx', 'export', 'Results as an Excel workbook (Results and Summary sheets)');
  fileRoute('pdf', 'report', 'Report as PDF: summary, score distribution and per-question facility');
};

export default submissionsRoutes;
