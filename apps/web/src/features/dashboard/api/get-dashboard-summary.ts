import { queryOptions, useQuery } from '@tanstack/react-query';
import { DashboardSummarySchema } from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { dashboardKeys } from '../../../lib/query-keys.ts';

export const dashboardSummaryQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.summary(),
    queryFn: () => api.get('/dashboard/summary', DashboardSummarySchema),
    // The screen shows its own error card with a retry, so no toast on top of it.
    meta: { silent: true },
  });

export const useDashboardSummary = () => useQuery(dashboardSummaryQuery());
