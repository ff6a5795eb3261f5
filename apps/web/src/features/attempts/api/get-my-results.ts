import { queryOptions, useQuery } from '@tanstack/react-query';
import { MyResultsSchema } from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { attemptKeys } from '../../../lib/query-keys.ts';

export const fetchMyResults = (assessmentId: string, signal?: AbortSignal) =>
  api.get(`/assessments/${encodeURIComponent(assessmentId)}/my-results`, MyResultsSchema, { signal });

/** GET /assessments/:id/my-results: the caller's submitted attempts, newest first, and whether a retake is allowed. */
export const myResultsQuery = (assessmentId: string) =>
  queryOptions({
    queryKey: attemptKeys.myResults(assessmentId),
    queryFn: ({ signal }) => fetchMyResults(assessmentId, signal),
    // The screens show their own load error.
    meta: { silent: true },
  });

export const useMyResults = (assessmentId: string, enabled = true) =>
  useQuery({ ...myResultsQuery(assessmentId), enabled });
