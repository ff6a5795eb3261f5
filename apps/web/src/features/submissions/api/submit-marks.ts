import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SubmissionDetailSchema, type SubmitMarksInput } from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { invalidateSubmissions, submissionKeys } from './keys.ts';

export interface SubmitMarksVariables {
  attemptId: string;
  assessmentId: string;
  body: SubmitMarksInput;
}

export const submitMarks = ({ attemptId, body }: SubmitMarksVariables) =>
  api.post(`/attempts/${encodeURIComponent(attemptId)}/marks`, body, SubmissionDetailSchema);

/** POST /attempts/:id/marks. The screen shows 'Failed to submit marks. Please try again.' itself. */
export function useSubmitMarks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitMarks,
    meta: { silent: true },
    onSuccess: async (detail, { assessmentId }) => {
      queryClient.setQueryData(submissionKeys.detail(detail.attemptId), detail);
      await invalidateSubmissions(queryClient, assessmentId);
    },
  });
}
