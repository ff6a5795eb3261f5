import { queryOptions, useQuery } from '@tanstack/react-query';
import { MarkingViewSchema } from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { submissionKeys } from '../../../lib/query-keys.ts';

/**
 * GET /assessments/:id/marking/:studentId: the student's attempt to mark (the latest with answers
 * waiting, else the latest submitted). 404 no_submission when the student has submitted nothing.
 */
export const markingViewQuery = (assessmentId: string, studentId: string) =>
  queryOptions({
    queryKey: submissionKeys.marking(assessmentId, studentId),
    queryFn: ({ signal }) =>
      api.get(
        `/assessments/${encodeURIComponent(assessmentId)}/marking/${encodeURIComponent(studentId)}`,
        MarkingViewSchema,
        { signal },
      ),
    meta: { silent: true },
    // A marking form must not be refreshed under the teacher's hands.
    refetchOnWindowFocus: false,
  });

export const useMarkingView = (assessmentId: string, studentId: string) =>
  useQuery(markingViewQuery(assessmentId, studentId));
