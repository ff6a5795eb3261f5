import { FORM_NAMESPACES } from '../../lib/forms/namespaces.ts';
import type { Namespace } from '../../lib/i18n.ts';

/**
 * The profile screen: the translation namespaces it reads, with those of the components it
 * renders. A route fetches them with its code (docs/architecture/web-first-load.md).
 */
export const PROFILE_NAMESPACES = ['profile', ...FORM_NAMESPACES] as const satisfies readonly Namespace[];
