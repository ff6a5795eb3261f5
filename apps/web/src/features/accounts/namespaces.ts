import { FORM_NAMESPACES } from '../../lib/forms/namespaces.ts';
import type { Namespace } from '../../lib/i18n.ts';

/**
 * The translation namespaces this feature's screens read, with those of the components they
 * render (docs/architecture/web-first-load.md): a route fetches them with its code.
 */

/** The language menu, which the landing page shows too. */
export const LANGUAGE_PICKER_NAMESPACES = ['accounts'] as const satisfies readonly Namespace[];

/** The account screens: sign in and up, passwords, email links, a new organization. */
export const ACCOUNTS_NAMESPACES = [
  ...LANGUAGE_PICKER_NAMESPACES,
  ...FORM_NAMESPACES,
] as const satisfies readonly Namespace[];
