import { queryOptions, useQuery } from '@tanstack/react-query';
import { StudentStatusListSchema } from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { submissionKeys } from '../../../lib/query-keys.ts';

/** GET /assessments/:id/students: every assigned student, Submitted or Pending (SPEC §4). */
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
  useQuery({ ...studentStatusesQuery(assessmentId), enabled });
