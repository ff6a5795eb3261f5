import type { RouteObject } from 'react-router';
import i18n, { INITIAL_NAMESPACES } from '../lib/i18n.ts';

/**
 * The translation namespaces each route module reads (its own and its components', besides
 * INITIAL_NAMESPACES), fetched together with the route's code so a screen never waits for its
 * words after its code. route-namespaces.test.ts checks each list against the namespaces the
 * route's components name. The attempt screen's includes the players' ('questions'): they are
 * fetched with the first question.
 */
export const ROUTE_NAMESPACES = {
  'account-route': ['notifications'],
  'activate-account-route': ['accounts', 'assessments', 'attempts', 'questions', 'submissions', 'validation'],
  'ai-assistant-route': [
    'aiAssistant',
    'aiGeneration',
    'assessments',
    'attempts',
    'questionTypes',
    'questions',
    'submissions',
    'validation',
  ],
  'assessments-route': ['assessments', 'attempts', 'questionTypes', 'questions', 'submissions', 'validation'],
  'auth-callback-route': [],
  'certifications-route': [
    'assessments',
    'attempts',
    'certificates',
    'questions',
    'submissions',
    'validation',
  ],
  'change-password-route': ['accounts', 'assessments', 'attempts', 'questions', 'submissions', 'validation'],
  'confirm-email-route': ['accounts', 'assessments', 'attempts', 'questions', 'submissions', 'validation'],
  'create-organization-route': [
    'accounts',
    'assessments',
    'attempts',
    'questions',
    'submissions',
    'validation',
  ],
  'edit-assessment-route': [
    'aiGeneration',
    'assessmentEditor',
    'questionBank',
    'questionImport',
    'assessments',
    'attempts',
    'questionTypes',
    'questions',
    'submissions',
    'validation',
  ],
  'forgot-password-route': ['accounts', 'assessments', 'attempts', 'questions', 'submissions', 'validation'],
  'home-route': ['assessments', 'attempts', 'dashboard', 'questions', 'submissions', 'validation'],
  'login-route': ['accounts', 'landing'],
  'logout-route': [],
  'marking-queue-route': [
    'assessments',
    'attempts',
    'markingQueue',
    'questionTypes',
    'questions',
    'submissions',
    'validation',
  ],
  'my-results-route': ['attempts', 'questionTypes', 'questions'],
  'new-assessment-route': [
    'aiGeneration',
    'assessmentEditor',
    'assessments',
    'attempts',
    'questionTypes',
    'questions',
    'submissions',
    'validation',
  ],
  'not-found-route': [],
  'notifications-route': [
    'assessments',
    'attempts',
    'notifications',
    'questions',
    'submissions',
    'validation',
  ],
  'organization-route': [
    'assessments',
    'attempts',
    'organizations',
    'questions',
    'submissions',
    'users',
    'validation',
  ],
  'organizations-route': [
    'assessments',
    'attempts',
    'organizations',
    'questions',
    'submissions',
    'validation',
  ],
  'payment-history-route': ['assessments', 'attempts', 'billing', 'questions', 'submissions', 'validation'],
  'pending-marking-route': [
    'assessments',
    'attempts',
    'questionTypes',
    'questions',
    'submissions',
    'validation',
  ],
  'profile-route': ['assessments', 'attempts', 'profile', 'questions', 'submissions', 'validation'],
  'question-bank-route': [
    'assessmentEditor',
    'assessments',
    'attempts',
    'questionBank',
    'questionImport',
    'questionTypes',
    'questions',
    'submissions',
    'validation',
  ],
  'question-examples-route': [
    'assessments',
    'attempts',
    'questionTypes',
    'questions',
    'submissions',
    'validation',
  ],
  'question-types-route': [
    'assessments',
    'attempts',
    'questionTypes',
    'questions',
    'submissions',
    'validation',
  ],
  'reset-password-route': ['accounts', 'assessments', 'attempts', 'questions', 'submissions', 'validation'],
  'root-route': [],
  'sign-in-route': ['accounts', 'assessments', 'attempts', 'questions', 'submissions', 'validation'],
  'sign-up-route': ['accounts', 'assessments', 'attempts', 'questions', 'submissions', 'validation'],
  'submissions-route': [
    'assessments',
    'attempts',
    'questionTypes',
    'questions',
    'regrades',
    'submissions',
    'validation',
  ],
  'subscription-route': [
    'assessments',
    'attempts',
    'billing',
    'questionTypes',
    'questions',
    'submissions',
    'validation',
  ],
  'take-assessment-route': ['attempts', 'questionTypes', 'questions'],
  'undo-email-change-route': [
    'accounts',
    'assessments',
    'attempts',
    'questions',
    'submissions',
    'validation',
  ],
  'users-route': ['assessments', 'attempts', 'questions', 'submissions', 'users', 'validation'],
  'verify-route': ['assessments', 'attempts', 'certificates', 'questions', 'submissions', 'validation'],
  'view-assessment-route': [
    'assessmentEditor',
    'assessments',
    'attempts',
    'questionTypes',
    'questions',
    'submissions',
    'validation',
  ],
} as const;

export type RouteModule = keyof typeof ROUTE_NAMESPACES;

/** A route's `lazy`: its module and its words in the reader's language, in parallel. */
export function withNamespaces<T>(route: RouteModule, load: () => Promise<T>): () => Promise<T> {
  return () => {
    const missing = ROUTE_NAMESPACES[route].filter((ns) => !i18n.hasLoadedNamespace(ns));
    if (missing.length === 0) return load();
    return Promise.all([load(), i18n.loadNamespaces(missing)]).then(([module]) => module);
  };
}

/**
 * A route whose loader starts its data at once: the loader comes as soon as the route's code is
 * here, without waiting for the screen's words, which only the Component needs (React Router's
 * per-property lazy). On the attempt screen that starts the attempt one round trip earlier (on a
 * slow phone the words came first, then the attempt, then its players).
 */
export function withLoaderFirst<T extends Pick<RouteObject, 'loader' | 'Component'>>(
  route: RouteModule,
  load: () => Promise<T>,
) {
  const withWords = withNamespaces(route, load);
  return {
    loader: async () => (await load()).loader,
    Component: async () => (await withWords()).Component,
  } satisfies RouteObject['lazy'];
}

export { INITIAL_NAMESPACES };
