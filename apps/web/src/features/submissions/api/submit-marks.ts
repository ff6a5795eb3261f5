import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SubmissionDetailSchema, type SubmitMarksInput } from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { codeOf } from '../../../lib/api-errors.ts';
import { dashboardKeys, submissionKeys } from '../../../lib/query-keys.ts';

export interface SubmitMarksVariables {
  attemptId: string;
  body: SubmitMarksInput;
}

export const submitMarks = ({ attemptId, body }: SubmitMarksVariables) =>
  api.post(`/attempts/${encodeURIComponent(attemptId)}/marks`, body, SubmissionDetailSchema);

/** POST /attempts/:id/marks (an attempt of this assessment). The screen shows 'Failed to submit marks. Please try again.' itself. */
export function useSubmitMarks(assessmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitMarks,
    meta: {
      silent: true,
      // The lists, stats, student status and marking views, the details of attempts, and the
      // dashboard's results.
      invalidates: [submissionKeys.ofAssessment(assessmentId), submissionKeys.details(), dashboardKeys.all],
    },
    onSuccess: (detail) => queryClient.setQueryData(submissionKeys.detail(detail.attemptId), detail),
    // Someone marked an answer meanwhile: the screen reloads to show their mark; the
    // teacher's entries stay, and saving again replaces it knowingly.
    onError: (error) =>
      codeOf(error) === 'mark_conflict'
        ? queryClient
            .invalidateQueries({ queryKey: submissionKeys.ofAssessment(assessmentId) })
            .then(() => queryClient.invalidateQueries({ queryKey: submissionKeys.details() }))
        : undefined,
  });
}
