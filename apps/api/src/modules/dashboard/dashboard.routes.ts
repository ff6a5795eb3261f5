import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DashboardMarkingQueueSchema,
  DashboardMyCertificatesSchema,
  DashboardMyResultsSchema,
  DashboardOrganizationsSchema,
  DashboardPaymentsMonthSchema,
  DashboardRecentResultsSchema,
  DashboardScheduleSchema,
  DashboardSubmissionsWeekSchema,
  DashboardSummarySchema,
  DashboardTimeZoneQuerySchema,
  type Role,
} from '@vbuilder/shared';
import { validTimeZone } from '../../i18n/index.ts';
import { COMMON_ERRORS } from '../../lib/errors.ts';
import { SUPER_ADMINISTRATOR } from '../../plugins/authorize.ts';
import {
  dashboardMarkingQueue,
  dashboardMyCertificates,
  dashboardMyResults,
  dashboardOrganizations,
  dashboardPaymentsMonth,
  dashboardRecentResults,
  dashboardSchedule,
  dashboardSubmissionsWeek,
} from './dashboard.cards.ts';
import { dashboardSummary } from './dashboard.service.ts';

const tags = ['dashboard'];
/** The members of an organization whose work the Teacher's cards show (administrators see them too). */
const ORGANIZATION_STAFF: readonly Role[] = ['Administrator', 'user', 'Teacher'];
const STUDENT: readonly Role[] = ['Student'];

/**
 * The home dashboard (docs/product/screens.md 'Home dashboard'): the analytics overview, then one route
 * per card of each role's dashboard. Every card reads the caller's organization (a Student: what is
 * assigned to them); the Super Administrator's cards read the platform.
 */
const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard/summary',
    {
      schema: { tags, response: { 200: DashboardSummarySchema } },
      config: { policy: 'authenticated' },
    },
    (req) => dashboardSummary(app.db, req.actor),
  );

  app.get(
    '/dashboard/schedule',
    {
      schema: {
        tags,
        summary: 'Assessments open now and upcoming (a Student: theirs to take now and next)',
        response: { 200: DashboardScheduleSchema, ...COMMON_ERRORS },
      },
      config: { policy: { roles: [...ORGANIZATION_STAFF, ...STUDENT] } },
    },
    (req) => dashboardSchedule(app.db, req.actor, app.clock.now()),
  );

  app.get(
    '/dashboard/submissions-week',
    {
      schema: {
        tags,
        summary: "Submissions on each of the last 7 days in the reader's time zone",
        querystring: DashboardTimeZoneQuerySchema,
        response: { 200: DashboardSubmissionsWeekSchema, ...COMMON_ERRORS },
      },
      config: { policy: { roles: ORGANIZATION_STAFF } },
    },
    (req) => dashboardSubmissionsWeek(app.db, req.actor, app.clock.now(), validTimeZone(req.query.timeZone)),
  );

  app.get(
    '/dashboard/recent-results',
    {
      schema: {
        tags,
        summary: 'Pass rate and average of the assessments with the latest submissions',
        response: { 200: DashboardRecentResultsSchema, ...COMMON_ERRORS },
      },
      config: { policy: { roles: ORGANIZATION_STAFF } },
    },
    (req) => dashboardRecentResults(app.db, req.actor),
  );

  app.get(
    '/dashboard/marking-queue',
    {
      schema: {
        tags,
        summary: 'Submissions whose answers wait for a teacher, oldest first',
        response: { 200: DashboardMarkingQueueSchema, ...COMMON_ERRORS },
      },
      config: { policy: { roles: ORGANIZATION_STAFF } },
    },
    (req) => dashboardMarkingQueue(app.db, req.actor),
  );

  app.get(
    '/dashboard/my-results',
    {
      schema: {
        tags,
        summary: "A Student's latest results",
        response: { 200: DashboardMyResultsSchema, ...COMMON_ERRORS },
      },
      config: { policy: { roles: STUDENT } },
    },
    (req) => dashboardMyResults(app.db, req.actor, app.clock.now()),
  );

  app.get(
    '/dashboard/my-certificates',
    {
      schema: {
        tags,
        summary: 'The valid certificates a Student holds',
        response: { 200: DashboardMyCertificatesSchema, ...COMMON_ERRORS },
      },
      config: { policy: { roles: STUDENT } },
    },
    (req) => dashboardMyCertificates(app.db, req.actor),
  );

  app.get(
    '/dashboard/organizations',
    {
      schema: {
        tags,
        summary: 'Organizations by plan in force and by subscription state',
        response: { 200: DashboardOrganizationsSchema, ...COMMON_ERRORS },
      },
      config: { policy: { roles: SUPER_ADMINISTRATOR } },
    },
    () => dashboardOrganizations(app.db, app.clock.now()),
  );

  app.get(
    '/dashboard/payments-month',
    {
      schema: {
        tags,
        summary: "This month's paid activations and the requests waiting for payment",
        response: { 200: DashboardPaymentsMonthSchema, ...COMMON_ERRORS },
      },
      config: { policy: { roles: SUPER_ADMINISTRATOR } },
    },
    () => dashboardPaymentsMonth(app.db, app.clock.now()),
  );
};

export default dashboardRoutes;
