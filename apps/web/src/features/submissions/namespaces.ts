import { ANSWER_VIEW_NAMESPACES } from '../../components/questions/namespaces.ts';
import { FORM_NAMESPACES } from '../../lib/forms/namespaces.ts';
import type { Namespace } from '../../lib/i18n.ts';

/**
 * The translation namespaces this feature's screens read, with those of the components they
 * render (docs/architecture/web-first-load.md): a route fetches them with its code.
 */

/** Marking one student's answers, and the answer views every screen here shows. */
export const MARKING_NAMESPACES = [
  ...ANSWER_VIEW_NAMESPACES,
  ...FORM_NAMESPACES,
] as const satisfies readonly Namespace[];

/** An assessment's submissions, with its regrades, item analysis and accommodations tabs. */
export const SUBMISSIONS_NAMESPACES = [
  ...MARKING_NAMESPACES,
  'regrades',
] as const satisfies readonly Namespace[];

/** The marking queue. */
export const MARKING_QUEUE_NAMESPACES = [
  ...MARKING_NAMESPACES,
  'markingQueue',
] as const satisfies readonly Namespace[];
