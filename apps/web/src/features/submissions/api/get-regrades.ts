import { queryOptions, useQuery } from '@tanstack/react-query';
import { RegradeOverviewSchema } from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { submissionKeys } from '../../../lib/query-keys.ts';

/** Under the assessment's submissions key: a new mark or a regrade refreshes it with the lists. */
export const regradeKeys = {
  overview: (assessmentId: string) => [...submissionKeys.ofAssessment(assessmentId), 'regrades'] as const,
};

/** GET /assessments/:id/regrades: the questions students answered, and the regrades applied (newest first). */
export const regradesQuery = (assessmentId: string) =>
  queryOptions({
    queryKey: regradeKeys.overview(assessmentId),
    queryFn: ({ signal }) =>
      api.get(`/assessments/${encodeURIComponent(assessmentId)}/regrades`, RegradeOverviewSchema, { signal }),
    meta: { silent: true },
  });

export const useRegrades = (assessmentId: string) => useQuery(regradesQuery(assessmentId));
