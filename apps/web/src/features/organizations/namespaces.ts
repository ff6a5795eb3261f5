import { FORM_NAMESPACES } from '../../lib/forms/namespaces.ts';
import type { Namespace } from '../../lib/i18n.ts';

/**
 * The organizations screen and an organization's details: the translation namespaces they read,
 * with those of the components they render. A route fetches them with its code
 * (docs/architecture/web-first-load.md).
 */
export const ORGANIZATIONS_NAMESPACES = [
  'organizations',
  ...FORM_NAMESPACES,
] as const satisfies readonly Namespace[];
