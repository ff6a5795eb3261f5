import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  AssessmentSchema,
  BankAuthorListSchema,
  BankCategoryListSchema,
  BankCategorySchema,
  BankQuestionLinksSchema,
  BankQuestionListSchema,
  BankQuestionSchema,
  BankTagListSchema,
  DrawPoolSchema,
  type AddToAssessmentInput,
  type BankCategoryInput,
  type BankCategoryUpdate,
  type BankQuestionInput,
  type DrawPoolQuery,
  type QuestionTypeId,
} from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { assessmentKeys, questionBankKeys } from '../../../lib/query-keys.ts';

/** The list's filters as the screen holds them (GET /question-bank/questions). */
export interface BankQuestionParams {
  search?: string;
  categoryId?: string;
  includeSubcategories?: boolean;
  uncategorized?: boolean;
  type?: QuestionTypeId | null;
  difficulty?: string | null;
  tags?: string[];
  authorId?: string | null;
  page: number;
  pageSize: number;
}

export function bankQueryString(params: BankQuestionParams): string {
  const search = new URLSearchParams();
  const set = (key: string, value: string | number | boolean | null | undefined) => {
    if (value === undefined || value === null || value === '') return;
    search.append(key, String(value));
  };
  set('search', params.search?.trim());
  set('categoryId', params.categoryId);
  if (params.categoryId) set('includeSubcategories', params.includeSubcategories ?? true);
  if (params.uncategorized) set('uncategorized', true);
  set('type', params.type);
  set('difficulty', params.difficulty);
  for (const tag of params.tags ?? []) set('tag', tag);
  set('authorId', params.authorId);
  set('page', params.page);
  set('pageSize', params.pageSize);
  const text = search.toString();
  return text ? `?${text}` : '';
}

const meta = { silent: true, invalidates: [questionBankKeys.all] };
/** A bank edit may rewrite assessments that use the question by reference. */
const metaWithAssessments = { silent: true, invalidates: [questionBankKeys.all, assessmentKeys.all] };

export const useBankCategories = () =>
  useQuery({
    queryKey: questionBankKeys.categories(),
    queryFn: ({ signal }) => api.get('/question-bank/categories', BankCategoryListSchema, { signal }),
  });

export const bankQuestionsQuery = (params: BankQuestionParams) =>
  queryOptions({
    queryKey: questionBankKeys.list(params),
    queryFn: ({ signal }) =>
      api.get(`/question-bank/questions${bankQueryString(params)}`, BankQuestionListSchema, { signal }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

/** `enabled` false: not asked yet (a dialog still closed). */
export const useBankQuestions = (params: BankQuestionParams, enabled = true) =>
  useQuery({ ...bankQuestionsQuery(params), enabled });

export const useBankTags = () =>
  useQuery({
    queryKey: questionBankKeys.tags(),
    queryFn: ({ signal }) => api.get('/question-bank/tags', BankTagListSchema, { signal }),
  });

export const useBankAuthors = () =>
  useQuery({
    queryKey: questionBankKeys.authors(),
    queryFn: ({ signal }) => api.get('/question-bank/authors', BankAuthorListSchema, { signal }),
  });

/** How many questions a draw rule can pick from; off while the rule has no category. */
export const useDrawPool = (rule: DrawPoolQuery | null) =>
  useQuery({
    queryKey: questionBankKeys.pool(rule ?? {}),
    queryFn: () => api.post('/question-bank/draw-pool', rule, DrawPoolSchema),
    enabled: rule !== null,
    meta: { silent: true },
  });

export const useCreateCategory = () =>
  useMutation({
    mutationFn: (input: BankCategoryInput) =>
      api.post('/question-bank/categories', input, BankCategorySchema),
    meta,
  });

export const useUpdateCategory = () =>
  useMutation({
    mutationFn: ({ id, input }: { id: string; input: BankCategoryUpdate }) =>
      api.patch(`/question-bank/categories/${encodeURIComponent(id)}`, input, BankCategorySchema),
    meta,
  });

export const useDeleteCategory = () =>
  useMutation({
    mutationFn: (id: string) => api.delete<void>(`/question-bank/categories/${encodeURIComponent(id)}`),
    meta,
  });

export const useCreateBankQuestion = () =>
  useMutation({
    mutationFn: (input: BankQuestionInput) => api.post('/question-bank/questions', input, BankQuestionSchema),
    meta,
  });

/**
 * The assessments a save of this bank question changes and those a started attempt has locked.
 * Always asked afresh when the dialog opens: a student may have started one since.
 */
export const useBankQuestionLinks = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: questionBankKeys.links(id),
    queryFn: ({ signal }) =>
      api.get(`/question-bank/questions/${encodeURIComponent(id)}/links`, BankQuestionLinksSchema, {
        signal,
      }),
    enabled,
    staleTime: 0,
    refetchOnMount: 'always',
    meta: { silent: true },
  });

export const useUpdateBankQuestion = () =>
  useMutation({
    mutationFn: ({ id, input }: { id: string; input: BankQuestionInput }) =>
      api.put(`/question-bank/questions/${encodeURIComponent(id)}`, input, BankQuestionSchema),
    meta: metaWithAssessments,
  });

export const useDeleteBankQuestion = () =>
  useMutation({
    mutationFn: (id: string) => api.delete<void>(`/question-bank/questions/${encodeURIComponent(id)}`),
    meta: metaWithAssessments,
  });

export const useAddToAssessment = () =>
  useMutation({
    mutationFn: ({ assessmentId, input }: { assessmentId: string; input: AddToAssessmentInput }) =>
      api.post(
        `/question-bank/assessments/${encodeURIComponent(assessmentId)}/questions`,
        input,
        AssessmentSchema,
      ),
    meta: metaWithAssessments,
  });
