import { queryOptions, useQuery } from '@tanstack/react-query';
import { StudentStatusListSchema } from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { submissionKeys } from '../../../lib/query-keys.ts';

/**
 * GET /assessments/:id/students: every assigned student, Submitted, Pending or In progress with the
 * time left. Read again every 30 seconds while the tab is shown (and the window is in front): on
 * exam day students start and hand in while the teacher watches.
 */
export const STUDENT_STATUS_REFRESH_MS = 30_000;

export const studentStatusesQuery = (assessmentId: string) =>
  queryOptions({
    queryKey: submissionKeys.students(assessmentId),
    queryFn: ({ signal }) =>
      api.get(`/assessments/${encodeURIComponent(assessmentId)}/students`, StudentStatusListSchema, {
        signal,
      }),
    meta: { silent: true },
  });

export const useStudentStatuses = (assessmentId: string, enabled = true) =>
  useQuery({ ...studentStatusesQuery(assessmentId), enabled, refetchInterval: STUDENT_STATUS_REFRESH_MS });
