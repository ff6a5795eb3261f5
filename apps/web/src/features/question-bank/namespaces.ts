import { QUESTION_NAMESPACES } from '../../components/questions/namespaces.ts';
import { FORM_NAMESPACES } from '../../lib/forms/namespaces.ts';
import type { Namespace } from '../../lib/i18n.ts';

/**
 * The question bank's screen and the tools it adds to the assessment editor (import, export, draw
 * rules): the translation namespaces they read, with those of the components they render. A route
 * fetches them with its code (docs/architecture/web-first-load.md).
 */
export const QUESTION_BANK_NAMESPACES = [
  'questionBank',
  'questionImport',
  'assessments',
  ...QUESTION_NAMESPACES,
  ...FORM_NAMESPACES,
] as const satisfies readonly Namespace[];
