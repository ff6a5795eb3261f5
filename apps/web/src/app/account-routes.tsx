import { matchRoutes, Navigate, type RouteObject } from 'react-router';
import { withLoaderFirst, withNamespaces } from './route-namespaces.ts';
import {
  mayOpen,
  SUBSCRIPTION_ACCESS,
  type ScreenAccess,
  type SectionId,
} from '../components/layout/navigation.ts';
import { accessOf } from '../components/layout/route-access-guard.tsx';

/** What an /account route declares: who may open it (checked once, by the account layout's guard). */
export interface AccountRouteHandle {
  access: ScreenAccess;
}

const everyone: AccountRouteHandle = { access: { section: null } };
const section = (id: SectionId, extra: Omit<ScreenAccess, 'section'> = {}): AccountRouteHandle => ({
  access: { section: id, ...extra },
});
/** Creating, editing and marking assessments: the assessments section without Students (docs/product/roles.md). */
const staffAssessments = section('assessments', { staffOnly: true });

/**
 * The children of /account (docs/product/screens.md), each with the access docs/product/roles.md gives it: the roles whose side
 * menu has its section (the table in components/layout/navigation.ts). Route modules are lazy (one
 * chunk each) and export `Component`; they stay thin and compose features.
 */
export const accountChildren: RouteObject[] = [
  { index: true, element: <Navigate to="home" replace /> },
  {
    path: 'home',
    handle: section('dashboard'),
    lazy: withNamespaces('home-route', () => import('./routes/home-route.tsx')),
  },
  {
    path: 'users/:userId',
    handle: section('users'),
    lazy: withNamespaces('users-route', () => import('./routes/users-route.tsx')),
  },
  {
    path: 'questions/:userId',
    handle: section('assessments'),
    lazy: withNamespaces('assessments-route', () => import('./routes/assessments-route.tsx')),
  },
  // The assessment creation wizard (docs/product/screens.md names its steps, not its path).
  {
    path: 'questions/:userId/new',
    handle: staffAssessments,
    lazy: withNamespaces('new-assessment-route', () => import('./routes/new-assessment-route.tsx')),
  },
  {
    path: 'user/:userId/quiz/:assessmentId',
    handle: section('assessments'),
    lazy: withLoaderFirst('take-assessment-route', () => import('./routes/take-assessment-route.tsx')),
  },
  {
    path: 'user/:userId/quiz/:assessmentId/redo',
    handle: section('assessments'),
    lazy: withLoaderFirst('take-assessment-route', () => import('./routes/take-assessment-route.tsx')),
  },
  {
    path: 'user/questions/:userId/quiz/:assessmentId/view',
    handle: section('assessments'),
    lazy: withNamespaces('view-assessment-route', () => import('./routes/view-assessment-route.tsx')),
  },
  {
    path: 'user/questions/:userId/quiz/:quizId/edit',
    handle: staffAssessments,
    lazy: withNamespaces('edit-assessment-route', () => import('./routes/edit-assessment-route.tsx')),
  },
  // The organization's question bank: its teachers and administrators.
  {
    path: 'question-bank',
    handle: staffAssessments,
    lazy: withNamespaces('question-bank-route', () => import('./routes/question-bank-route.tsx')),
  },
  {
    path: 'user/:userId/quiz/:assessmentId/my-results',
    handle: section('assessments'),
    lazy: withNamespaces('my-results-route', () => import('./routes/my-results-route.tsx')),
  },
  {
    path: 'questions/:userId/quiz/:quizId/submissions',
    handle: staffAssessments,
    lazy: withNamespaces('submissions-route', () => import('./routes/submissions-route.tsx')),
  },
  {
    path: 'organization/:organizationId',
    handle: section('organization'),
    lazy: withNamespaces('organization-route', () => import('./routes/organization-route.tsx')),
  },
  {
    path: 'organizations',
    handle: section('organization', { roles: ['Super Administrator'] }),
    lazy: withNamespaces('organizations-route', () => import('./routes/organizations-route.tsx')),
  },
  {
    path: 'subscription',
    // The Super Administrator's Subscriptions, and an Administrator's own plan.
    handle: { access: SUBSCRIPTION_ACCESS },
    lazy: withNamespaces('subscription-route', () => import('./routes/subscription-route.tsx')),
  },
  {
    path: 'questiontype/questionexamples',
    handle: section('questiontype'),
    lazy: withNamespaces('question-examples-route', () => import('./routes/question-examples-route.tsx')),
  },
  {
    path: 'questiontype/:userId',
    handle: section('questiontype'),
    lazy: withNamespaces('question-types-route', () => import('./routes/question-types-route.tsx')),
  },
  {
    path: 'aiassistant/:userId',
    handle: section('ai'),
    lazy: withNamespaces('ai-assistant-route', () => import('./routes/ai-assistant-route.tsx')),
  },
  {
    path: 'certifications/:userId',
    handle: section('certifications'),
    lazy: withNamespaces('certifications-route', () => import('./routes/certifications-route.tsx')),
  },
  {
    path: 'notifications/:userId',
    handle: everyone,
    lazy: withNamespaces('notifications-route', () => import('./routes/notifications-route.tsx')),
  },
  // The marking queue: every answer waiting for a person, for the organization's staff.
  {
    path: 'marking-queue',
    handle: staffAssessments,
    lazy: withNamespaces('marking-queue-route', () => import('./routes/marking-queue-route.tsx')),
  },
  {
    path: 'questions/pending-marking/:assessmentId/:studentId',
    handle: staffAssessments,
    lazy: withNamespaces('pending-marking-route', () => import('./routes/pending-marking-route.tsx')),
  },
  {
    path: 'profile/:userId',
    handle: section('profile'),
    lazy: withNamespaces('profile-route', () => import('./routes/profile-route.tsx')),
  },
  {
    path: 'payments/payment_history',
    handle: section('payments'),
    lazy: withNamespaces('payment-history-route', () => import('./routes/payment-history-route.tsx')),
  },
  {
    path: 'logout',
    handle: everyone,
    lazy: withNamespaces('logout-route', () => import('./routes/logout-route.tsx')),
  },
];

/**
 * Whether a role may open an in-app path (a link's target, query and hash ignored): the access of
 * the /account route it matches, as the layout's guard applies it. Paths outside /account
 * (public pages) are open to everyone; an /account path that matches no route is not offered.
 */
export function mayOpenPath(path: string, role: string | null | undefined): boolean {
  const pathname = path.split(/[?#]/)[0] ?? '';
  if (!/^\/account(\/|$)/.test(pathname)) return true;
  const tree: RouteObject[] = [{ path: '/account', children: accountChildren }];
  const matches = matchRoutes(tree, pathname);
  if (!matches || matches.length < 2) return false;
  return mayOpen(accessOf(matches.map((match) => match.route.handle)), role);
}
