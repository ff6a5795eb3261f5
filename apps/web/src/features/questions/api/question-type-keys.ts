/** Query keys of the question type registry, from one factory (CONVENTIONS §2). */
export const questionTypeKeys = {
  all: ['question-types'] as const,
  list: () => ['question-types', 'list'] as const,
  examples: () => ['question-types', 'examples'] as const,
};
