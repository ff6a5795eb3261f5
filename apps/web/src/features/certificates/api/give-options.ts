import { useQuery } from '@tanstack/react-query';
import { AssessmentListSchema, StudentStatusListSchema } from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { toQueryString } from '../../../lib/format.ts';
import { assessmentKeys, submissionKeys } from '../../../lib/query-keys.ts';

const ASSESSMENT_OPTIONS = { page: 1, pageSize: 100, sort: 'title', order: 'asc' } as const;

/** The organization's assessments to pick from (the first 100 by title; the picker searches them). */
export const useAssessmentOptions = (enabled = true) =>
  useQuery({
    queryKey: assessmentKeys.list(ASSESSMENT_OPTIONS),
    queryFn: ({ signal }) =>
      api.get(`/assessments${toQueryString(ASSESSMENT_OPTIONS)}`, AssessmentListSchema, { signal }),
    enabled,
    meta: { silent: true },
  });

/** GET /assessments/:id/students: every assigned student with their best percentage. */
export const useAssessmentStudents = (assessmentId: string | null) =>
  useQuery({
    queryKey: submissionKeys.students(assessmentId ?? ''),
    queryFn: ({ signal }) =>
      api.get(`/assessments/${encodeURIComponent(assessmentId!)}/students`, StudentStatusListSchema, {
        signal,
      }),
    enabled: Boolean(assessmentId),
    meta: { silent: true },
  });
