import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AssessmentListSchema, type AssessmentListQuerySchema } from '@vbuilder/shared';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { toQueryString } from '../../../lib/format.ts';
import { assessmentKeys } from '../../../lib/query-keys.ts';

/** One page of the list: what the server pages, sorts and filters on. */
export type AssessmentListParams = Partial<z.output<typeof AssessmentListQuerySchema>>;

export const fetchAssessments = (params: AssessmentListParams, signal?: AbortSignal) =>
  api.get(
    `/assessments${toQueryString({ ...params, search: params.search?.trim() })}`,
    AssessmentListSchema,
    { signal },
  );

/** GET /assessments: one page of the caller's organization's assessments (a student: assigned, published). */
export const assessmentsQuery = (params: AssessmentListParams) =>
  queryOptions({
    queryKey: assessmentKeys.list(params),
    queryFn: ({ signal }) => fetchAssessments(params, signal),
    placeholderData: keepPreviousData,
    // The list shows 'Error loading assessments' itself.
    meta: { silent: true },
  });

export const useAssessments = (params: AssessmentListParams) => useQuery(assessmentsQuery(params));
