import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  AssessmentUsageSchema,
  DashboardMarkingQueueSchema,
  DashboardMyCertificatesSchema,
  DashboardMyResultsSchema,
  DashboardOrganizationsSchema,
  DashboardPaymentsMonthSchema,
  DashboardRecentResultsSchema,
  DashboardScheduleSchema,
  DashboardSubmissionsWeekSchema,
} from '@vbuilder/shared';
import type { ZodType } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { toQueryString } from '../../../lib/format.ts';
import { assessmentKeys, dashboardKeys } from '../../../lib/query-keys.ts';

/**
 * One query per dashboard card, so each card loads and fails on its own. The cards show
 * their own error with a retry, so no toast on top of them.
 */
function cardQuery<T>(card: string, schema: ZodType<T>, timeZone?: string) {
  return queryOptions({
    queryKey: dashboardKeys.card(card, timeZone),
    queryFn: ({ signal }) => api.get(`/dashboard/${card}${toQueryString({ timeZone })}`, schema, { signal }),
    meta: { silent: true },
  });
}

/** The reader's time zone, which decides where a day starts on the submissions chart. */
export const readerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export const useSchedule = () => useQuery(cardQuery('schedule', DashboardScheduleSchema));
export const useSubmissionsWeek = () =>
  useQuery(cardQuery('submissions-week', DashboardSubmissionsWeekSchema, readerTimeZone()));
export const useRecentResults = () => useQuery(cardQuery('recent-results', DashboardRecentResultsSchema));
export const useMarkingQueue = () => useQuery(cardQuery('marking-queue', DashboardMarkingQueueSchema));
export const useMyResults = () => useQuery(cardQuery('my-results', DashboardMyResultsSchema));
export const useMyCertificates = () => useQuery(cardQuery('my-certificates', DashboardMyCertificatesSchema));
export const useOrganizationsOverview = () =>
  useQuery(cardQuery('organizations', DashboardOrganizationsSchema));
export const usePaymentsMonth = () => useQuery(cardQuery('payments-month', DashboardPaymentsMonthSchema));

/**
 * The organization's plan usage this month: the usage card of the assessment list, under its key,
 * so an activated plan refreshes both.
 */
export const usePlanUsage = () =>
  useQuery(
    queryOptions({
      queryKey: assessmentKeys.usage(),
      queryFn: ({ signal }) => api.get('/assessments/usage', AssessmentUsageSchema, { signal }),
      meta: { silent: true },
    }),
  );
