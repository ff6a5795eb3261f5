import { MESSAGE_NAMESPACES } from '../api-errors.ts';
import type { Namespace } from '../i18n.ts';

/**
 * The words of a form's and a load error's messages (use-error-text.ts): `validation`, and the
 * namespaces whose keys the shared schemas use as messages. A screen with a form, or with a
 * LoadErrorCard, reads them.
 */
export const FORM_NAMESPACES = ['validation', ...MESSAGE_NAMESPACES] as const satisfies readonly Namespace[];
