import { queryOptions, useQuery } from '@tanstack/react-query';
import { SubmissionDetailSchema } from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { submissionKeys } from '../../../lib/query-keys.ts';

/** GET /attempts/:id/submission: one submitted attempt, question by question. */
export const submissionDetailQuery = (attemptId: string) =>
  queryOptions({
    queryKey: submissionKeys.detail(attemptId),
    queryFn: ({ signal }) =>
      api.get(`/attempts/${encodeURIComponent(attemptId)}/submission`, SubmissionDetailSchema, { signal }),
    meta: { silent: true },
  });

export const useSubmissionDetail = (attemptId: string | null) =>
  useQuery({ ...submissionDetailQuery(attemptId ?? ''), enabled: Boolean(attemptId) });
