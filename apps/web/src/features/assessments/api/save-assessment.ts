import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AssessmentSchema, type AssessmentInput } from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { assessmentKeys, dashboardKeys } from '../../../lib/query-keys.ts';

/** After an assessment is created, changed or deleted: every assessments query and the dashboard's counts. */
const meta = { silent: true, invalidates: [assessmentKeys.all, dashboardKeys.all] };

export const createAssessment = (input: AssessmentInput) => api.post('/assessments', input, AssessmentSchema);

export const updateAssessment = ({ id, input }: { id: string; input: AssessmentInput }) =>
  api.put(`/assessments/${encodeURIComponent(id)}`, input, AssessmentSchema);

export const duplicateAssessment = ({ id, title }: { id: string; title?: string }) =>
  api.post(`/assessments/${encodeURIComponent(id)}/duplicate`, title ? { title } : {}, AssessmentSchema);

export const deleteAssessment = (id: string) => api.delete<void>(`/assessments/${encodeURIComponent(id)}`);

/** POST /assessments. The screen shows field errors and 'Error: Failed to create assessment' itself. */
export const useCreateAssessment = () => useMutation({ mutationFn: createAssessment, meta });

/** PUT /assessments/:id. The saved assessment replaces the cached one at once. */
export function useUpdateAssessment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAssessment,
    meta,
    onSuccess: (saved) => queryClient.setQueryData(assessmentKeys.detail(saved.id), saved),
  });
}

export const useDuplicateAssessment = () => useMutation({ mutationFn: duplicateAssessment, meta });

/** DELETE /assessments/:id (after the confirm dialog). */
export const useDeleteAssessment = () => useMutation({ mutationFn: deleteAssessment, meta });
