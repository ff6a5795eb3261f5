import type { Namespace } from '../../lib/i18n.ts';

/** The words of the question players, editors, previews and instructions. */
export const QUESTION_NAMESPACES = ['questions', 'questionTypes'] as const satisfies readonly Namespace[];

/**
 * The words of a family's own view of a submitted answer (FamilyComponents.AnswerView, fetched
 * lazily by the marking screens), which reads the submissions' answer labels.
 */
export const ANSWER_VIEW_NAMESPACES = [
  'submissions',
  ...QUESTION_NAMESPACES,
] as const satisfies readonly Namespace[];
