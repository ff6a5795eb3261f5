import {
  AiGenerateRequestSchema,
  type AiGenerateRequest,
  type Difficulty,
  type QuestionTypeId,
} from '@vbuilder/shared';

/** The most questions of one type a teacher may ask for at once (the total is capped by the API's limit). */
export const AI_COUNT_MAX = 20;

export interface TypeCount {
  type: QuestionTypeId;
  count: number;
}

export interface AiPanelValues {
  title: string;
  subject: string;
  difficulty: Difficulty;
  language: string;
  types: TypeCount[];
  sourceText: string;
}

/** Where a problem is shown: the title field, the type picker, the counts, or the source text. */
export type AiPanelField = 'title' | 'types' | 'counts' | 'sourceText';

export interface AiPanelProblem {
  field: AiPanelField;
  /** A shared-schema message key, e.g. 'assessments.ai.titleRequired' ('Please provide a question title'). */
  message: string;
}

const FIELD_ORDER: AiPanelField[] = ['title', 'types', 'counts', 'sourceText'];

export const toGenerateRequest = (values: AiPanelValues): AiGenerateRequest => ({
  title: values.title,
  subject: values.subject,
  difficulty: values.difficulty,
  language: values.language,
  types: values.types,
  sourceText: values.sourceText,
});

/**
 * The docs/product/validation.md checks before calling, with the same schema the API validates with: a title first,
 * then at least one type, then one with a count above 0 (and the API's limits). The first problem
 * in the order of the form, or null when the request can be sent.
 */
export function firstProblem(values: AiPanelValues): AiPanelProblem | null {
  const result = AiGenerateRequestSchema.safeParse(toGenerateRequest(values));
  if (result.success) return null;
  const problems = result.error.issues.map((issue): AiPanelProblem => {
    const head = String(issue.path[0] ?? '');
    if (head === 'title') return { field: 'title', message: issue.message };
    if (head === 'sourceText') return { field: 'sourceText', message: issue.message };
    if (issue.message === 'assessments.ai.typesRequired') return { field: 'types', message: issue.message };
    return { field: 'counts', message: issue.message };
  });
  return problems.sort((a, b) => FIELD_ORDER.indexOf(a.field) - FIELD_ORDER.indexOf(b.field))[0] ?? null;
}

/** The starting selection: the given types the plan allows, with their counts (1 when none is given). */
export function initialTypeCounts(
  initial: readonly (QuestionTypeId | TypeCount)[] | undefined,
  allowed: readonly QuestionTypeId[],
): TypeCount[] {
  const seen = new Set<QuestionTypeId>();
  const counts: TypeCount[] = [];
  for (const entry of initial ?? []) {
    const choice = typeof entry === 'string' ? { type: entry, count: 1 } : entry;
    if (!allowed.includes(choice.type) || seen.has(choice.type)) continue;
    seen.add(choice.type);
    counts.push({ type: choice.type, count: Math.min(AI_COUNT_MAX, Math.max(0, choice.count)) });
  }
  return counts;
}
