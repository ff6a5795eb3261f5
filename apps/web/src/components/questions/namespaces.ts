import type { Namespace } from '../../lib/i18n.ts';

/** The words of the question players, editors, previews and instructions. */
export const QUESTION_NAMESPACES = ['questions', 'questionTypes'] as const satisfies readonly Namespace[];
