import { FORM_NAMESPACES } from '../../lib/forms/namespaces.ts';
import type { Namespace } from '../../lib/i18n.ts';

/**
 * The subscription and payment screens: the translation namespaces they read, with those of the
 * components they render. A route fetches them with its code (docs/architecture/web-first-
 * load.md).
 */
export const BILLING_NAMESPACES = [
  'billing',
  'assessments',
  'questionTypes',
  ...FORM_NAMESPACES,
] as const satisfies readonly Namespace[];
