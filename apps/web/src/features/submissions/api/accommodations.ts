import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  AccommodationListSchema,
  AccommodationSchema,
  ReleaseResultsResponseSchema,
  ReleaseStatusSchema,
  type AccommodationInput,
} from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { dashboardKeys, submissionKeys } from '../../../lib/query-keys.ts';

const id = encodeURIComponent;

/** GET /assessments/:id/accommodations: the students' extra time and own windows. */
export const accommodationsQuery = (assessmentId: string) =>
  queryOptions({
    queryKey: submissionKeys.accommodations(assessmentId),
    queryFn: ({ signal }) =>
      api.get(`/assessments/${id(assessmentId)}/accommodations`, AccommodationListSchema, { signal }),
    meta: { silent: true },
  });
export const useAccommodations = (assessmentId: string) => useQuery(accommodationsQuery(assessmentId));

export interface SetAccommodationVariables {
  studentId: string;
  /** null: remove it. */
  body: AccommodationInput | null;
}

/** PUT or DELETE /assessments/:id/accommodations/:studentId; the dialog shows a refusal itself. */
export function useSetAccommodation(assessmentId: string) {
  return useMutation({
    mutationFn: ({ studentId, body }: SetAccommodationVariables) => {
      const path = `/assessments/${id(assessmentId)}/accommodations/${id(studentId)}`;
      return body ? api.put(path, body, AccommodationSchema) : api.delete(path);
    },
    // The student list too: extra time given during an attempt moves its time left.
    meta: {
      silent: true,
      invalidates: [submissionKeys.accommodations(assessmentId), submissionKeys.students(assessmentId)],
    },
  });
}

/** GET /assessments/:id/release: the release policy and who has results not released yet. */
export const releaseStatusQuery = (assessmentId: string) =>
  queryOptions({
    queryKey: submissionKeys.release(assessmentId),
    queryFn: ({ signal }) =>
      api.get(`/assessments/${id(assessmentId)}/release`, ReleaseStatusSchema, { signal }),
    meta: { silent: true },
  });
export const useReleaseStatus = (assessmentId: string) => useQuery(releaseStatusQuery(assessmentId));

/** POST /assessments/:id/release: these students' results (none named: everyone's). */
export function useReleaseResults(assessmentId: string) {
  return useMutation({
    mutationFn: (studentIds: string[] | undefined) =>
      api.post(
        `/assessments/${id(assessmentId)}/release`,
        studentIds ? { studentIds } : {},
        ReleaseResultsResponseSchema,
      ),
    meta: { invalidates: [submissionKeys.release(assessmentId), dashboardKeys.all] },
  });
}
