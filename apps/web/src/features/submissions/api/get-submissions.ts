import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SubmissionListSchema, type SubmissionStatus } from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { toQueryString } from '../../../lib/format.ts';
import { submissionKeys } from '../../../lib/query-keys.ts';

/** One page of the list, optionally only Pending (waiting for marking) or Submitted (fully marked). */
export interface SubmissionListParams {
  page: number;
  pageSize: number;
  status?: SubmissionStatus;
}

const base = (assessmentId: string) => `/assessments/${encodeURIComponent(assessmentId)}`;

/** GET /assessments/:id/submissions: one page of submitted attempts (newest first) and the stats over all. */
export const submissionsQuery = (assessmentId: string, params: SubmissionListParams) =>
  queryOptions({
    queryKey: submissionKeys.list(assessmentId, params),
    queryFn: ({ signal }) =>
      api.get(`${base(assessmentId)}/submissions${toQueryString({ ...params })}`, SubmissionListSchema, {
        signal,
      }),
    placeholderData: keepPreviousData,
    // The screen shows 'Failed to load submissions. Please try again later.' itself.
    meta: { silent: true },
  });

export const useSubmissions = (assessmentId: string, params: SubmissionListParams) =>
  useQuery(submissionsQuery(assessmentId, params));
