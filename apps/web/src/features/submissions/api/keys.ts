import type { QueryClient } from '@tanstack/react-query';
import type { SubmissionListParams } from './get-submissions.ts';

/** Every submissions query sits under ['submissions', assessmentId], so marking refreshes them all at once. */
export const submissionKeys = {
  all: ['submissions'] as const,
  ofAssessment: (assessmentId: string) => ['submissions', assessmentId] as const,
  list: (assessmentId: string, params: SubmissionListParams) =>
    ['submissions', assessmentId, 'list', params] as const,
  students: (assessmentId: string) => ['submissions', assessmentId, 'students'] as const,
  marking: (assessmentId: string, studentId: string) =>
    ['submissions', assessmentId, 'marking', studentId] as const,
  detail: (attemptId: string) => ['submissions', 'attempt', attemptId] as const,
};

/** After marks are saved: the lists, stats, student status, marking views and the details of attempts. */
export function invalidateSubmissions(queryClient: QueryClient, assessmentId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: submissionKeys.ofAssessment(assessmentId) }),
    queryClient.invalidateQueries({ queryKey: ['submissions', 'attempt'] }),
    // The assessment list and the dashboard show results too.
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
  ]);
}
