import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccommodationInputSchema,
  AccommodationListSchema,
  AccommodationSchema,
  IdParamsSchema,
} from '@vbuilder/shared';
import { COMMON_ERRORS } from '../../lib/errors.ts';
import { STAFF } from '../../plugins/authorize.ts';
import { ASSESSMENT_AUTHORS } from '../assessments/assessments.policy.ts';
import { getAccommodations, removeAccommodation, setAccommodation } from './accommodations.service.ts';

const tags = ['accommodations'];
const StudentParamsSchema = z.object({ id: z.uuid(), studentId: z.uuid() });

/**
 * Accommodations: staff read them with the submissions; those who mark (the
 * organization's teachers and administrators) set and remove them. Another organization's
 * assessment or student answers 404 like a missing one.
 */
const accommodationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = () => ({ db: app.db, clock: app.clock });

  app.get(
    '/assessments/:id/accommodations',
    {
      schema: {
        tags,
        summary: "Students' accommodations for an assessment: extra time and own windows",
        params: IdParamsSchema,
        response: { 200: AccommodationListSchema, ...COMMON_ERRORS },
      },
      config: { policy: { roles: STAFF } },
    },
    (req) => getAccommodations(app.db, req.actor, req.params.id),
  );

  app.put(
    '/assessments/:id/accommodations/:studentId',
    {
      schema: {
        tags,
        summary:
          "Give a student extra time (minutes or % of the duration) and/or a window of their own; a running attempt's deadline moves at once",
        params: StudentParamsSchema,
        body: AccommodationInputSchema,
        response: { 200: AccommodationSchema, ...COMMON_ERRORS },
      },
      config: { policy: { roles: ASSESSMENT_AUTHORS } },
    },
    (req) => setAccommodation(ctx(), req.actor, req.params.id, req.params.studentId, req.body),
  );

  app.delete(
    '/assessments/:id/accommodations/:studentId',
    {
      schema: {
        tags,
        summary: "Remove a student's accommodation; a running attempt goes back to the assessment's deadline",
        params: StudentParamsSchema,
        response: { 204: z.null(), ...COMMON_ERRORS },
      },
      config: { policy: { roles: ASSESSMENT_AUTHORS } },
    },
    async (req, reply) => {
      await removeAccommodation(ctx(), req.actor, req.params.id, req.params.studentId);
      return reply.code(204).send(null);
    },
  );
};

export default accommodationsRoutes;
