/** Every attempts query sits under ['attempts']. */
export const attemptKeys = {
  all: ['attempts'] as const,
  detail: (attemptId: string) => ['attempts', 'detail', attemptId] as const,
  myResults: (assessmentId: string) => ['attempts', 'my-results', assessmentId] as const,
};
