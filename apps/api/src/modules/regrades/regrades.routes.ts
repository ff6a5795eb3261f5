import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApplyRegradeSchema,
  IdParamsSchema,
  RegradeOverviewSchema,
  RegradePreviewSchema,
  RegradeRequestSchema,
  RegradeSchema,
} from '@vbuilder/shared';
import { COMMON_ERRORS, errorResponses } from '../../lib/errors.ts';
import { languageFromRequest } from '../../i18n/index.ts';
import { certificateEffects } from '../certificates/certificates.service.ts';
import { MARKERS, SUBMISSION_READERS } from '../submissions/submissions.routes.ts';
import { applyRegrade, previewRegrade, regradeOverview, type RegradeContext } from './regrades.service.ts';

const tags = ['submissions'];

/**
 * Regrading a question after submissions. Staff read the questions and the history;
 * the organization's markers (Administrator, Teacher: those who may mark) preview and apply.
 * Another organization's assessment answers 404 like a missing one.
 */
const regradesRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = (): RegradeContext => ({
    db: app.db,
    clock: app.clock,
    jobs: app.jobs,
    certificates: certificateEffects(app),
  });

  app.get(
    '/assessments/:id/regrades',
    {
      schema: {
        tags,
        summary: 'The questions students answered (to regrade one) and the regrades applied, newest first',
        params: IdParamsSchema,
        response: { 200: RegradeOverviewSchema, ...COMMON_ERRORS },
      },
      config: { policy: { roles: SUBMISSION_READERS } },
    },
    (req) => regradeOverview(ctx(), req.actor, req.params.id),
  );

  app.post(
    '/assessments/:id/regrades/preview',
    {
      schema: {
        tags,
        summary:
          'Dry run of a regrade of one question (re-mark with a corrected question, full marks, or drop it): every affected attempt with its score and pass before and after; nothing changes',
        params: IdParamsSchema,
        body: RegradeRequestSchema,
        response: { 200: RegradePreviewSchema, ...COMMON_ERRORS },
      },
      config: { policy: { roles: MARKERS } },
    },
    (req) => previewRegrade(ctx(), req.actor, req.params.id, req.body),
  );

  app.post(
    '/assessments/:id/regrades',
    {
      schema: {
        tags,
        summary:
          "Apply a regrade previewed before (its token): one transaction; 409 regrade_changed when the outcome is no longer the preview's",
        params: IdParamsSchema,
        body: ApplyRegradeSchema,
        response: { 200: RegradeSchema, ...COMMON_ERRORS, ...errorResponses(409) },
      },
      config: { policy: { roles: MARKERS } },
    },
    (req) =>
      applyRegrade(
        ctx(),
        req.actor,
        req.params.id,
        req.body.request,
        req.body.token,
        languageFromRequest(req),
      ),
  );
};

export default regradesRoutes;
