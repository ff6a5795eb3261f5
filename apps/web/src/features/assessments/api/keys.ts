import type { QueryClient } from '@tanstack/react-query';
import type { AssessmentListParams } from './get-assessments.ts';

/** Every assessments query sits under ['assessments'], so one invalidation refreshes lists, details and usage. */
export const assessmentKeys = {
  all: ['assessments'] as const,
  lists: () => ['assessments', 'list'] as const,
  list: (params: AssessmentListParams) => ['assessments', 'list', params] as const,
  detail: (id: string) => ['assessments', 'detail', id] as const,
  usage: (organizationId?: string) => ['assessments', 'usage', organizationId ?? 'mine'] as const,
  monthly: (organizationId: string) => ['assessments', 'monthly', organizationId] as const,
};

/** After an assessment is created, changed or deleted: every assessments query and the dashboard's counts. */
export function invalidateAssessments(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: assessmentKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
  ]);
}
