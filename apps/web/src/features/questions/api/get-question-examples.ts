import { queryOptions, useQuery } from '@tanstack/react-query';
import { QuestionExamplesResponseSchema } from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { questionTypeKeys } from '../../../lib/query-keys.ts';

export const fetchQuestionExamples = (signal?: AbortSignal) =>
  api.get('/question-types/examples', QuestionExamplesResponseSchema, { signal });

export const questionExamplesQuery = () =>
  queryOptions({
    queryKey: questionTypeKeys.examples(),
    queryFn: ({ signal }) => fetchQuestionExamples(signal),
    staleTime: Infinity,
    meta: { silent: true },
  });

/** GET /question-types/examples: one example per type (docs/product/data.md "Question example"). */
export const useQuestionExamples = () => useQuery(questionExamplesQuery());
