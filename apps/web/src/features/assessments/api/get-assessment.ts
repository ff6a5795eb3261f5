import { queryOptions, useQuery } from '@tanstack/react-query';
import { AssessmentSchema } from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { assessmentKeys } from '../../../lib/query-keys.ts';

export const fetchAssessment = (id: string, signal?: AbortSignal) =>
  api.get(`/assessments/${encodeURIComponent(id)}`, AssessmentSchema, { signal });

/** GET /assessments/:id (a student gets it without questions). */
export const assessmentQuery = (id: string) =>
  queryOptions({
    queryKey: assessmentKeys.detail(id),
    queryFn: ({ signal }) => fetchAssessment(id, signal),
    meta: { silent: true },
  });

export const useAssessment = (id: string, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...assessmentQuery(id), enabled });
