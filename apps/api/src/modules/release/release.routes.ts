import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IdParamsSchema,
  ReleaseResultsResponseSchema,
  ReleaseResultsSchema,
  ReleaseStatusSchema,
} from '@vbuilder/shared';
import { COMMON_ERRORS } from '../../lib/errors.ts';
import { STAFF } from '../../plugins/authorize.ts';
import { ASSESSMENT_AUTHORS } from '../assessments/assessments.policy.ts';
import { certificateEffects } from '../certificates/certificates.service.ts';
import { getReleaseStatus, releaseResults } from './release.service.ts';

const tags = ['submissions'];

/** Releasing results: staff read where it stands, those who mark release. */
const releaseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/assessments/:id/release',
    {
      schema: {
        tags,
        summary: "The assessment's release policy and the students whose results are not released yet",
        params: IdParamsSchema,
        response: { 200: ReleaseStatusSchema, ...COMMON_ERRORS },
      },
      config: { policy: { roles: STAFF } },
    },
    (req) => getReleaseStatus(app.db, req.actor, req.params.id, app.clock.now()),
  );

  app.post(
    '/assessments/:id/release',
    {
      schema: {
        tags,
        summary: 'Release submitted results to these students (studentIds) or to all; each is notified',
        params: IdParamsSchema,
        body: ReleaseResultsSchema,
        response: { 200: ReleaseResultsResponseSchema, ...COMMON_ERRORS },
      },
      config: { policy: { roles: ASSESSMENT_AUTHORS } },
    },
    (req) =>
      releaseResults(
        { db: app.db, clock: app.clock, jobs: app.jobs, certificates: certificateEffects(app) },
        req.actor,
        req.params.id,
        req.body,
      ),
  );
};

export default releaseRoutes;
