import { queryOptions, useQuery } from '@tanstack/react-query';
import { QuestionTypesResponseSchema } from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { questionTypeKeys } from '../../../lib/query-keys.ts';

export const fetchQuestionTypes = (signal?: AbortSignal) =>
  api.get('/question-types', QuestionTypesResponseSchema, { signal });

export const questionTypesQuery = () =>
  queryOptions({
    queryKey: questionTypeKeys.list(),
    queryFn: ({ signal }) => fetchQuestionTypes(signal),
    // The registry only changes with a new release of the app.
    staleTime: Infinity,
    // The screen shows its own load-error card with a retry instead of the generic toast.
    meta: { silent: true },
  });

/** GET /question-types: every type with family, plan tier and default instructions. */
export const useQuestionTypes = () => useQuery(questionTypesQuery());
