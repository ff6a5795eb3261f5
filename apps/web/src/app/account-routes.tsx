import { Navigate, type RouteObject } from 'react-router';
import { SUBSCRIPTION_ACCESS, type ScreenAccess, type SectionId } from '../components/layout/navigation.ts';

/** What an /account route declares: who may open it (checked once, by the account layout's guard). */
export interface AccountRouteHandle {
  access: ScreenAccess;
}

const everyone: AccountRouteHandle = { access: { section: null } };
const section = (id: SectionId, extra: Omit<ScreenAccess, 'section'> = {}): AccountRouteHandle => ({
  access: { section: id, ...extra },
});
/** Creating, editing and marking assessments: the assessments section without Students (SPEC §6). */
const staffAssessments = section('assessments', { staffOnly: true });

/**
 * The children of /account (SPEC §2), each with the access SPEC §6 gives it: the roles whose side
 * menu has its section (the table in components/layout/navigation.ts). Route modules are lazy (one
 * chunk each) and export `Component`; they stay thin and compose features.
 */
export const accountChildren: RouteObject[] = [
  { index: true, element: <Navigate to="home" replace /> },
  { path: 'home', handle: section('dashboard'), lazy: () => import('./routes/home-route.tsx') },
  { path: 'users/:userId', handle: section('users'), lazy: () => import('./routes/users-route.tsx') },
  {
    path: 'questions/:userId',
    handle: section('assessments'),
    lazy: () => import('./routes/assessments-route.tsx'),
  },
  // The assessment creation wizard (SPEC §2 names its steps, not its path).
  {
    path: 'questions/:userId/new',
    handle: staffAssessments,
    lazy: () => import('./routes/new-assessment-route.tsx'),
  },
  {
    path: 'user/:userId/quiz/:assessmentId',
    handle: section('assessments'),
    lazy: () => import('./routes/take-assessment-route.tsx'),
  },
  {
    path: 'user/:userId/quiz/:assessmentId/redo',
    handle: section('assessments'),
    lazy: () => import('./routes/take-assessment-route.tsx'),
  },
  {
    path: 'user/questions/:userId/quiz/:assessmentId/view',
    handle: section('assessments'),
    lazy: () => import('./routes/view-assessment-route.tsx'),
  },
  {
    path: 'user/questions/:userId/quiz/:quizId/edit',
    handle: staffAssessments,
    lazy: () => import('./routes/edit-assessment-route.tsx'),
  },
  {
    path: 'user/:userId/quiz/:assessmentId/my-results',
    handle: section('assessments'),
    lazy: () => import('./routes/my-results-route.tsx'),
  },
  {
    path: 'questions/:userId/quiz/:quizId/submissions',
    handle: staffAssessments,
    lazy: () => import('./routes/submissions-route.tsx'),
  },
  {
    path: 'organization/:organizationId',
    handle: section('organization'),
    lazy: () => import('./routes/organization-route.tsx'),
  },
  {
    path: 'organizations',
    handle: section('organization', { roles: ['Super Administrator'] }),
    lazy: () => import('./routes/organizations-route.tsx'),
  },
  {
    path: 'subscription',
    // The Super Administrator's Subscriptions, and an Administrator's own plan (issue 12).
    handle: { access: SUBSCRIPTION_ACCESS },
    lazy: () => import('./routes/subscription-route.tsx'),
  },
  {
    path: 'questiontype/questionexamples',
    handle: section('questiontype'),
    lazy: () => import('./routes/question-examples-route.tsx'),
  },
  {
    path: 'questiontype/:userId',
    handle: section('questiontype'),
    lazy: () => import('./routes/question-types-route.tsx'),
  },
  {
    path: 'aiassistant/:userId',
    handle: section('ai'),
    lazy: () => import('./routes/ai-assistant-route.tsx'),
  },
  {
    path: 'certifications/:userId',
    handle: section('certifications'),
    lazy: () => import('./routes/certifications-route.tsx'),
  },
  {
    path: 'notifications/:userId',
    handle: everyone,
    lazy: () => import('./routes/notifications-route.tsx'),
  },
  {
    path: 'questions/pending-marking/:assessmentId/:studentId',
    handle: staffAssessments,
    lazy: () => import('./routes/pending-marking-route.tsx'),
  },
  { path: 'profile/:userId', handle: section('profile'), lazy: () => import('./routes/profile-route.tsx') },
  {
    path: 'payments/payment_history',
    handle: section('payments'),
    lazy: () => import('./routes/payment-history-route.tsx'),
  },
  { path: 'logout', handle: everyone, lazy: () => import('./routes/logout-route.tsx') },
];
