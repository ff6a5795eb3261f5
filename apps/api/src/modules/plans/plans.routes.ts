import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PlanNameParamsSchema, PlansResponseSchema, UpdatePlanPricesBodySchema } from '@vbuilder/shared';
import { COMMON_ERRORS } from '../../lib/errors.ts';
import { SUPER_ADMINISTRATOR } from '../../plugins/authorize.ts';
import { planCatalog, updatePlanPrices } from './plans.service.ts';

const tags = ['plans'];

/** Card payments are offered only when the server holds a card provider key (issue 12 §3). */
const cardPayments = (app: FastifyInstance): boolean => {
  const config = app.config as { STRIPE_SECRET_KEY?: string | undefined };
  return Boolean(config.STRIPE_SECRET_KEY);
};

/** The plan catalog (SPEC §3 Plan table, §9) and its prices. */
const plansRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/plans',
    {
      schema: {
        tags,
        summary: 'The plans with their allowances, question types and prices',
        response: { 200: PlansResponseSchema, ...COMMON_ERRORS },
      },
      config: { policy: 'authenticated' },
    },
    () => planCatalog(app.db, cardPayments(app)),
  );

  app.put(
    '/plans/:name/prices',
    {
      schema: {
        tags,
        summary: "Replace a plan's prices per billing period and currency (Super Administrator)",
        params: PlanNameParamsSchema,
        body: UpdatePlanPricesBodySchema,
        response: { 200: PlansResponseSchema, ...COMMON_ERRORS },
      },
      config: { policy: { roles: SUPER_ADMINISTRATOR } },
    },
    (req) =>
      updatePlanPrices(app.db, req.actor, req.params.name, req.body, app.clock.now(), cardPayments(app)),
  );
};

export default plansRoutes;
