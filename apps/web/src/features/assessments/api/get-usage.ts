import { queryOptions, useQuery } from '@tanstack/react-query';
import { AssessmentUsageSchema, MonthlyAssessmentsSchema } from '@vbuilder/shared';
import { api, isApiError } from '../../../lib/api-client.ts';
import { toQueryString } from '../../../lib/format.ts';
import { assessmentKeys } from '../../../lib/query-keys.ts';

/** GET /assessments/usage: plan, assessments this month, remaining, limit reached (the usage card). */
export const usageQuery = (organizationId?: string) =>
  queryOptions({
    queryKey: assessmentKeys.usage(organizationId),
    queryFn: ({ signal }) =>
      api.get(`/assessments/usage${toQueryString({ organizationId })}`, AssessmentUsageSchema, { signal }),
    meta: { silent: true },
  });

export const useAssessmentUsage = (organizationId?: string, enabled = true) =>
  useQuery({ ...usageQuery(organizationId), enabled });

/**
 * GET /assessments/organization/:orgId/monthly (docs/product/api.md): the number of assessments created this
 * month is the length of `data`; a 400 counts as 0.
 */
export async function fetchMonthlyCount(organizationId: string, signal?: AbortSignal): Promise<number> {
  try {
    const monthly = await api.get(
      `/assessments/organization/${encodeURIComponent(organizationId)}/monthly`,
      MonthlyAssessmentsSchema,
      { signal },
    );
    return monthly.data.length;
  } catch (error) {
    if (isApiError(error) && error.status === 400) return 0;
    throw error;
  }
}

export const monthlyCountQuery = (organizationId: string) =>
  queryOptions({
    queryKey: assessmentKeys.monthly(organizationId),
    queryFn: ({ signal }) => fetchMonthlyCount(organizationId, signal),
    meta: { silent: true },
  });

export const useMonthlyCount = (organizationId: string | null | undefined) =>
  useQuery({ ...monthlyCountQuery(organizationId ?? ''), enabled: Boolean(organizationId) });
