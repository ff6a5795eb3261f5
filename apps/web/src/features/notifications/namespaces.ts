import { FORM_NAMESPACES } from '../../lib/forms/namespaces.ts';
import type { Namespace } from '../../lib/i18n.ts';

/**
 * The translation namespaces this feature reads, with those of the components it renders: a
 * route fetches them with its code (docs/architecture/web-first-load.md).
 */

/** The shell's notification bell and popover (also in the shell's bundle of words, lib/i18n-bundles.ts). */
export const NOTIFICATION_BELL_NAMESPACES = ['notifications'] as const satisfies readonly Namespace[];

/** The notifications screen. */
export const NOTIFICATIONS_NAMESPACES = [
  ...NOTIFICATION_BELL_NAMESPACES,
  ...FORM_NAMESPACES,
] as const satisfies readonly Namespace[];
