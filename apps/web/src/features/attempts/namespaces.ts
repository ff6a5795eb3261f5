import { QUESTION_NAMESPACES } from '../../components/questions/namespaces.ts';
import type { Namespace } from '../../lib/i18n.ts';

/**
 * The translation namespaces this feature's screens (the attempt, my results) read, with the
 * question players': a route fetches them with its code (docs/architecture/web-first-load.md), so
 * the players' words come with the first question.
 */
export const ATTEMPTS_NAMESPACES = [
  'attempts',
  ...QUESTION_NAMESPACES,
] as const satisfies readonly Namespace[];
