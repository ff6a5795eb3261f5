import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DashboardSummarySchema } from '@vbuilder/shared';
import { dashboardSummary } from './dashboard.service.ts';

/** The home dashboard's analytics overview (SPEC §2 'Home dashboard'). */
const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard/summary',
    {
      schema: { tags: ['dashboard'], response: { 200: DashboardSummarySchema } },
      config: { policy: 'authenticated' },
    },
    (req) => dashboardSummary(app.db, req.actor),
  );
};

export default dashboardRoutes;
