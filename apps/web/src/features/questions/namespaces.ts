import { QUESTION_NAMESPACES } from '../../components/questions/namespaces.ts';
import { FORM_NAMESPACES } from '../../lib/forms/namespaces.ts';
import type { Namespace } from '../../lib/i18n.ts';

/**
 * The question types and question examples screens: the translation namespaces they read, with
 * those of the components they render. A route fetches them with its code
 * (docs/architecture/web-first-load.md).
 */
export const QUESTIONS_NAMESPACES = [
  ...QUESTION_NAMESPACES,
  ...FORM_NAMESPACES,
] as const satisfies readonly Namespace[];
