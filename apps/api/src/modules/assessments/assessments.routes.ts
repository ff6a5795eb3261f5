import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ASSESSMENT_LIMITS,
  AssessmentInputSchema,
  AssessmentListQuerySchema,
  AssessmentListSchema,
  AssessmentResourceSchema,
  AssessmentSchema,
  AssessmentUsageSchema,
  DuplicateAssessmentSchema,
  ErrorResponseSchema,
  IdParamsSchema,
  MonthlyAssessmentsSchema,
} from '@vbuilder/shared';
import { COMMON_ERRORS, errorResponses } from '../../lib/errors.ts';
import { readUploadedFile } from '../../lib/files.ts';
import { ASSESSMENT_AUTHORS, ASSESSMENT_READERS, USAGE_READERS } from './assessments.policy.ts';
import { assessmentsContext } from './assessments.access.ts';
import {
  assessmentUsage,
  createAssessment,
  deleteAssessmentById,
  duplicateAssessment,
  getAssessment,
  listAssessments,
  monthlyAssessments,
  updateAssessmentById,
} from './assessments.service.ts';
import { addResource, attachmentHeader, readResource, removeResource } from './resources.service.ts';

/** The multipart field a resource arrives in. */
export const RESOURCE_FILE_FIELD = 'file';

const tags = ['assessments'];
const errors = COMMON_ERRORS;
const ResourceParamsSchema = z.object({ id: z.uuid(), resourceId: z.uuid() });
const OrganizationQuerySchema = z.object({ organizationId: z.uuid().optional() });

/**
 * Assessments: list, detail, create, edit, delete, duplicate, plan usage, this month's
 * creations (docs/product/api.md) and attached files. Who may call a route is declared on it; which records
 * they reach (their organization's; a Student's assigned ones) is decided by the service.
 */
const assessmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = assessmentsContext(app);

  app.get(
    '/assessments',
    {
      schema: {
        tags,
        summary:
          "List assessments: staff their organization's (Super Administrator: ?organizationId= required), a Student the published ones assigned to them",
        querystring: AssessmentListQuerySchema,
        response: { 200: AssessmentListSchema, ...errors },
      },
      config: { policy: { roles: ASSESSMENT_READERS } },
    },
    (req) => listAssessments(ctx, req.actor, req.query),
  );

  app.post(
    '/assessments',
    {
      schema: {
        tags,
        summary:
          "Create an assessment (counts against the plan's monthly allowance; types must be in the plan)",
        body: AssessmentInputSchema,
        response: { 201: AssessmentSchema, ...errors },
      },
      config: { policy: { roles: ASSESSMENT_AUTHORS } },
    },
    async (req, reply) => reply.code(201).send(await createAssessment(ctx, req.actor, req.body)),
  );

  app.get(
    '/assessments/usage',
    {
      schema: {
        tags,
        summary:
          "The organization's plan and this month's usage (Super Administrator: ?organizationId= required)",
        querystring: OrganizationQuerySchema,
        response: { 200: AssessmentUsageSchema, ...errors },
      },
      config: { policy: { roles: USAGE_READERS } },
    },
    (req) => assessmentUsage(ctx, req.actor, req.query.organizationId),
  );

  app.get(
    '/assessments/organization/:orgId/monthly',
    {
      schema: {
        tags,
        summary:
          "This month's assessment creations of an organization, deleted ones flagged (docs/product/api.md)",
        params: z.object({ orgId: z.uuid() }),
        response: { 200: MonthlyAssessmentsSchema, ...errors },
      },
      config: { policy: { roles: USAGE_READERS } },
    },
    (req) => monthlyAssessments(ctx, req.actor, req.params.orgId),
  );

  app.get(
    '/assessments/:id',
    {
      schema: {
        tags,
        summary: 'One assessment (a Student: published and assigned only, without questions)',
        params: IdParamsSchema,
        response: { 200: AssessmentSchema, ...errors },
      },
      config: { policy: { roles: ASSESSMENT_READERS } },
    },
    (req) => getAssessment(ctx, req.actor, req.params.id),
  );

  app.put(
    '/assessments/:id',
    {
      schema: {
        tags,
        summary:
          'Replace an assessment (total marks are recomputed; types must be in the plan). Once a student has started it, its questions and draw rules must be sent as stored: 409 questions_locked otherwise',
        params: IdParamsSchema,
        body: AssessmentInputSchema,
        response: { 200: AssessmentSchema, ...errors, ...errorResponses(409) },
      },
      config: { policy: { roles: ASSESSMENT_AUTHORS } },
    },
    (req) => updateAssessmentById(ctx, req.actor, req.params.id, req.body),
  );

  app.delete(
    '/assessments/:id',
    {
      schema: {
        tags,
        summary: 'Delete an assessment (it still counts in this month’s allowance)',
        params: IdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
      config: { policy: { roles: ASSESSMENT_AUTHORS } },
    },
    async (req, reply) => {
      await deleteAssessmentById(ctx, req.actor, req.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/assessments/:id/duplicate',
    {
      schema: {
        tags,
        summary: "Copy an assessment as a draft ('Copy of …'); counts against the monthly allowance",
        params: IdParamsSchema,
        body: DuplicateAssessmentSchema.nullish(),
        response: { 201: AssessmentSchema, ...errors },
      },
      config: { policy: { roles: ASSESSMENT_AUTHORS } },
    },
    async (req, reply) =>
      reply.code(201).send(await duplicateAssessment(ctx, req.actor, req.params.id, req.body ?? {})),
  );

  app.post(
    '/assessments/:id/resources',
    {
      schema: {
        tags,
        summary: `Attach a file (multipart field ${RESOURCE_FILE_FIELD}; at most ${ASSESSMENT_LIMITS.resourcesMax} files of ${ASSESSMENT_LIMITS.resourceMaxBytes / (1024 * 1024)} MB)`,
        consumes: ['multipart/form-data'],
        params: IdParamsSchema,
        response: { 201: AssessmentResourceSchema, ...errors, 413: ErrorResponseSchema },
      },
      config: { policy: { roles: ASSESSMENT_AUTHORS } },
    },
    async (req, reply) => {
      const file = await readUploadedFile(req, {
        field: RESOURCE_FILE_FIELD,
        maxBytes: ASSESSMENT_LIMITS.resourceMaxBytes,
      });
      return reply.code(201).send(await addResource(ctx, req.actor, req.params.id, file));
    },
  );

  app.get(
    '/assessments/:id/resources/:resourceId',
    {
      schema: {
        tags,
        summary: 'Download an attached file (staff, and the students it is assigned to once published)',
        params: ResourceParamsSchema,
        response: { 200: z.any(), ...errors },
      },
      config: { policy: { roles: ASSESSMENT_READERS } },
    },
    async (req, reply) => {
      const { resource, stream } = await readResource(ctx, req.actor, req.params.id, req.params.resourceId);
      return reply
        .type(resource.contentType)
        .header('content-disposition', attachmentHeader(resource.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('content-length', resource.size)
        .send(stream);
    },
  );

  app.delete(
    '/assessments/:id/resources/:resourceId',
    {
      schema: {
        tags,
        summary: 'Remove an attached file',
        params: ResourceParamsSchema,
        response: { 204: z.null(), ...errors },
      },
      config: { policy: { roles: ASSESSMENT_AUTHORS } },
    },
    async (req, reply) => {
      await removeResource(ctx, req.actor, req.params.id, req.params.resourceId);
      return reply.code(204).send(null);
    },
  );
};

export default assessmentsRoutes;
