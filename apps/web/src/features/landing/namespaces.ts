import type { Namespace } from '../../lib/i18n.ts';

/**
 * The landing page's translation namespaces: the login route fetches them with its code
 * (docs/architecture/web-first-load.md).
 */
export const LANDING_NAMESPACES = ['landing'] as const satisfies readonly Namespace[];
