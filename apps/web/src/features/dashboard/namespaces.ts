import { FORM_NAMESPACES } from '../../lib/forms/namespaces.ts';
import type { Namespace } from '../../lib/i18n.ts';

/**
 * The home screen's overview (welcome and summary cards): the translation namespaces it reads, with
 * those of the components it renders. The home route fetches them with its code
 * (docs/architecture/web-first-load.md).
 */
export const DASHBOARD_NAMESPACES = ['dashboard', ...FORM_NAMESPACES] as const satisfies readonly Namespace[];

/**
 * The role cards (role-dashboard.tsx), a chunk the home route loads after the overview: they fetch
 * these when they first render, so a student's or teacher's home does not fetch `billing`.
 */
export const ROLE_DASHBOARD_NAMESPACES = [
  'dashboard',
  'assessments',
  'billing',
] as const satisfies readonly Namespace[];
