import { queryOptions, useQuery } from '@tanstack/react-query';
import { ItemAnalysisSchema } from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { submissionKeys } from '../../../lib/query-keys.ts';

/**
 * GET /assessments/:id/item-analysis: per question facility, discrimination and options chosen,
 * the assessment's reliability, mean, median and standard deviation (computed by the server).
 * Under the assessment's submissions key, so a new mark refreshes it.
 */
export const itemAnalysisQuery = (assessmentId: string) =>
  queryOptions({
    queryKey: submissionKeys.itemAnalysis(assessmentId),
    queryFn: ({ signal }) =>
      api.get(`/assessments/${encodeURIComponent(assessmentId)}/item-analysis`, ItemAnalysisSchema, {
        signal,
      }),
    meta: { silent: true },
  });

export const useItemAnalysis = (assessmentId: string) => useQuery(itemAnalysisQuery(assessmentId));
