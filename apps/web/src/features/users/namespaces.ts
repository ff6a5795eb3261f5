import { FORM_NAMESPACES } from '../../lib/forms/namespaces.ts';
import type { Namespace } from '../../lib/i18n.ts';

/**
 * The users screens and tables: the translation namespaces they read, with those of the components
 * they render. A route fetches them with its code (docs/architecture/web-first-load.md).
 */
export const USERS_NAMESPACES = [
  'users',
  'validation',
  ...FORM_NAMESPACES,
] as const satisfies readonly Namespace[];
