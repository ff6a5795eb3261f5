import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PlanNameParamsSchema, PlansResponseSchema, UpdatePlanPricesBodySchema } from '@vbuilder/shared';
import { COMMON_ERRORS } from '../../lib/errors.ts';
import { SUPER_ADMINISTRATOR } from '../../plugins/authorize.ts';
import { cardCatalogOf, planCatalog, updatePlanPrices } from './plans.service.ts';

const tags = ['plans'];

const cardCatalog = (app: FastifyInstance) => cardCatalogOf(app.config, app.log);

/** The plan catalog (docs/product/data.md Plan table, docs/product/limits.md) and its prices. */
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
    async () => {
      const card = await cardCatalog(app);
      return planCatalog(app.db, card.cardPayments, card.cardPrices);
    },
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
    async (req) => {
      const card = await cardCatalog(app);
      return updatePlanPrices(
        app.db,
        req.actor,
        req.params.name,
        req.body,
        app.clock.now(),
        card.cardPayments,
        card.cardPrices,
      );
    },
  );
};

export default plansRoutes;
