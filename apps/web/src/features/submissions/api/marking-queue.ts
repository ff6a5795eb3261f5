import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MarkingQueueSchema,
  MarkingSuggestionSchema,
  QueueMarkResultSchema,
  QuestionRubricListSchema,
  QuestionRubricSchema,
  type MarkingQueueQuery,
  type QueueMarkInput,
  type SaveRubricInput,
  type SuggestionRequest,
} from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { dashboardKeys, markingQueueKeys, submissionKeys } from '../../../lib/query-keys.ts';

/** The query string of the queue's filters (empty ones left out). */
const queueSearch = (filters: MarkingQueueQuery) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
};

/** GET /marking-queue: every answer waiting for a person, oldest first. */
export const markingQueueQuery = (filters: MarkingQueueQuery) =>
  queryOptions({
    queryKey: markingQueueKeys.list(filters),
    queryFn: ({ signal }) => api.get(`/marking-queue${queueSearch(filters)}`, MarkingQueueSchema, { signal }),
    meta: { silent: true },
  });
export const useMarkingQueue = (filters: MarkingQueueQuery) => useQuery(markingQueueQuery(filters));

/** GET /assessments/:id/rubrics. */
export const useRubrics = (assessmentId: string | null) =>
  useQuery({
    queryKey: markingQueueKeys.rubrics(assessmentId ?? ''),
    queryFn: ({ signal }) =>
      api.get(`/assessments/${encodeURIComponent(assessmentId ?? '')}/rubrics`, QuestionRubricListSchema, {
        signal,
      }),
    enabled: Boolean(assessmentId),
    meta: { silent: true },
  });

/** PUT /assessments/:id/rubrics/:questionId. The editor shows its own errors. */
export function useSaveRubric(assessmentId: string, questionId: string) {
  return useMutation({
    mutationFn: (body: SaveRubricInput) =>
      api.put(
        `/assessments/${encodeURIComponent(assessmentId)}/rubrics/${encodeURIComponent(questionId)}`,
        body,
        QuestionRubricSchema,
      ),
    meta: { silent: true, invalidates: [markingQueueKeys.rubrics(assessmentId)] },
  });
}

/** DELETE /assessments/:id/rubrics/:questionId. */
export function useDeleteRubric(assessmentId: string, questionId: string) {
  return useMutation({
    mutationFn: () =>
      api.delete(
        `/assessments/${encodeURIComponent(assessmentId)}/rubrics/${encodeURIComponent(questionId)}`,
      ),
    meta: { silent: true, invalidates: [markingQueueKeys.rubrics(assessmentId)] },
  });
}

/**
 * POST /marking-queue/marks. The queue moves on by itself; the lists are refreshed afterwards
 * (the queue, the assessment's submissions, the attempt's detail and the dashboard).
 */
export function useQueueMark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: QueueMarkInput) => api.post('/marking-queue/marks', body, QueueMarkResultSchema),
    meta: { silent: true },
    onSuccess: (result) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: submissionKeys.detail(result.attemptId) }),
        // The queue's lists and count (the screen's own session keeps the answers it started with).
        queryClient.invalidateQueries({ queryKey: markingQueueKeys.all }),
        queryClient.invalidateQueries({ queryKey: submissionKeys.all, refetchType: 'none' }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all, refetchType: 'none' }),
      ]),
  });
}

/** POST /marking-queue/suggestions: a suggested mark from the language model (never applied by itself). */
export const useAskSuggestion = () =>
  useMutation({
    mutationFn: (body: SuggestionRequest) =>
      api.post('/marking-queue/suggestions', body, MarkingSuggestionSchema),
    // The queue lists each answer's open suggestion: a later visit shows this one again.
    meta: { silent: true, invalidates: [markingQueueKeys.all] },
  });

/** POST /marking-queue/suggestions/:id/reject. */
export const useRejectSuggestion = () =>
  useMutation({
    mutationFn: (id: string) =>
      api.post(
        `/marking-queue/suggestions/${encodeURIComponent(id)}/reject`,
        undefined,
        MarkingSuggestionSchema,
      ),
    meta: { silent: true },
  });
