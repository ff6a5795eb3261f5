import type { RouteObject } from 'react-router';
import i18n, { INITIAL_NAMESPACES, type Namespace } from '../lib/i18n.ts';
import { ACCOUNTS_NAMESPACES, LANGUAGE_PICKER_NAMESPACES } from '../features/accounts/namespaces.ts';
import {
  ASSESSMENT_EDITOR_NAMESPACES,
  ASSESSMENT_LIST_NAMESPACES,
  ASSESSMENT_VIEW_NAMESPACES,
  ASSISTANT_NAMESPACES,
  EDITOR_STATES_NAMESPACES,
} from '../features/assessments/namespaces.ts';
import { ATTEMPTS_NAMESPACES } from '../features/attempts/namespaces.ts';
import { BILLING_NAMESPACES } from '../features/billing/namespaces.ts';
import { CERTIFICATES_NAMESPACES } from '../features/certificates/namespaces.ts';
import { DASHBOARD_NAMESPACES } from '../features/dashboard/namespaces.ts';
import { LANDING_NAMESPACES } from '../features/landing/namespaces.ts';
import {
  NOTIFICATION_BELL_NAMESPACES,
  NOTIFICATIONS_NAMESPACES,
} from '../features/notifications/namespaces.ts';
import { ORGANIZATIONS_NAMESPACES } from '../features/organizations/namespaces.ts';
import { PROFILE_NAMESPACES } from '../features/profile/namespaces.ts';
import { QUESTION_BANK_NAMESPACES } from '../features/question-bank/namespaces.ts';
import { QUESTIONS_NAMESPACES } from '../features/questions/namespaces.ts';
import {
  MARKING_NAMESPACES,
  MARKING_QUEUE_NAMESPACES,
  SUBMISSIONS_NAMESPACES,
} from '../features/submissions/namespaces.ts';
import { USERS_NAMESPACES } from '../features/users/namespaces.ts';

/** The namespaces of the features a route renders, once each, without those loaded before any screen. */
function wordsOf(...lists: (readonly Namespace[])[]): readonly Namespace[] {
  const initial: readonly Namespace[] = INITIAL_NAMESPACES;
  return [...new Set(lists.flat())].filter((ns) => !initial.includes(ns)).sort();
}

/**
 * The translation namespaces each route module reads, fetched together with the route's code so a
 * screen never waits for its words after its code. Each is composed of the lists the features it
 * renders declare (features/<f>/namespaces.ts, which add those of the components they use);
 * i18n-namespaces.test.ts checks each against the namespaces the route's files name. The attempt
 * screen's includes the players' ('questions'): they are fetched with the first question.
 */
export const ROUTE_NAMESPACES = {
  'account-route': wordsOf(NOTIFICATION_BELL_NAMESPACES),
  'activate-account-route': wordsOf(ACCOUNTS_NAMESPACES),
  'ai-assistant-route': wordsOf(ASSISTANT_NAMESPACES),
  'assessments-route': wordsOf(ASSESSMENT_LIST_NAMESPACES),
  'auth-callback-route': wordsOf(),
  'certifications-route': wordsOf(CERTIFICATES_NAMESPACES),
  'change-password-route': wordsOf(ACCOUNTS_NAMESPACES),
  'confirm-email-route': wordsOf(ACCOUNTS_NAMESPACES),
  'create-organization-route': wordsOf(ACCOUNTS_NAMESPACES),
  'edit-assessment-route': wordsOf(ASSESSMENT_EDITOR_NAMESPACES, QUESTION_BANK_NAMESPACES),
  'forgot-password-route': wordsOf(ACCOUNTS_NAMESPACES),
  'home-route': wordsOf(DASHBOARD_NAMESPACES),
  'login-route': wordsOf(LANGUAGE_PICKER_NAMESPACES, LANDING_NAMESPACES),
  'logout-route': wordsOf(),
  'lti-launch-route': wordsOf(),
  'marking-queue-route': wordsOf(MARKING_QUEUE_NAMESPACES),
  'my-results-route': wordsOf(ATTEMPTS_NAMESPACES),
  'new-assessment-route': wordsOf(ASSESSMENT_EDITOR_NAMESPACES),
  'not-found-route': wordsOf(),
  'notifications-route': wordsOf(NOTIFICATIONS_NAMESPACES),
  'organization-route': wordsOf(ORGANIZATIONS_NAMESPACES, USERS_NAMESPACES),
  'organizations-route': wordsOf(ORGANIZATIONS_NAMESPACES),
  'payment-history-route': wordsOf(BILLING_NAMESPACES),
  'pending-marking-route': wordsOf(MARKING_NAMESPACES),
  'profile-route': wordsOf(PROFILE_NAMESPACES),
  'question-bank-route': wordsOf(QUESTION_BANK_NAMESPACES, EDITOR_STATES_NAMESPACES),
  'question-examples-route': wordsOf(QUESTIONS_NAMESPACES),
  'question-types-route': wordsOf(QUESTIONS_NAMESPACES),
  'reset-password-route': wordsOf(ACCOUNTS_NAMESPACES),
  'root-route': wordsOf(),
  'sign-in-route': wordsOf(ACCOUNTS_NAMESPACES),
  'sign-up-route': wordsOf(ACCOUNTS_NAMESPACES),
  'submissions-route': wordsOf(SUBMISSIONS_NAMESPACES),
  'subscription-route': wordsOf(BILLING_NAMESPACES),
  'take-assessment-route': wordsOf(ATTEMPTS_NAMESPACES),
  'undo-email-change-route': wordsOf(ACCOUNTS_NAMESPACES),
  'users-route': wordsOf(USERS_NAMESPACES),
  'verify-route': wordsOf(CERTIFICATES_NAMESPACES),
  'view-assessment-route': wordsOf(ASSESSMENT_VIEW_NAMESPACES),
};

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
