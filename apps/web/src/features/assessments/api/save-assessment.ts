import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AssessmentSchema, type AssessmentInput } from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { assessmentKeys, invalidateAssessments } from './keys.ts';

export const createAssessment = (input: AssessmentInput) => api.post('/assessments', input, AssessmentSchema);

export const updateAssessment = ({ id, input }: { id: string; input: AssessmentInput }) =>
  api.put(`/assessments/${encodeURIComponent(id)}`, input, AssessmentSchema);

export const duplicateAssessment = ({ id, title }: { id: string; title?: string }) =>
  api.post(`/assessments/${encodeURIComponent(id)}/duplicate`, title ? { title } : {}, AssessmentSchema);

export const deleteAssessment = (id: string) => api.delete<void>(`/assessments/${encodeURIComponent(id)}`);

/** POST /assessments. The screen shows field errors and 'Error: Failed to create assessment' itself. */
export function useCreateAssessment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAssessment,
    meta: { silent: true },
    onSuccess: () => invalidateAssessments(queryClient),
  });
}

/** PUT /assessments/:id. The saved assessment replaces the cached one at once. */
export function useUpdateAssessment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAssessment,
    meta: { silent: true },
    onSuccess: async (saved) => {
      queryClient.setQueryData(assessmentKeys.detail(saved.id), saved);
      await invalidateAssessments(queryClient);
    },
  });
}

export function useDuplicateAssessment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateAssessment,
    meta: { silent: true },
    onSuccess: () => invalidateAssessments(queryClient),
  });
}

/** DELETE /assessments/:id (after the confirm dialog). */
export function useDeleteAssessment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAssessment,
    meta: { silent: true },
    onSuccess: () => invalidateAssessments(queryClient),
  });
}
