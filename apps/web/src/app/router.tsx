import { createBrowserRouter, Navigate, RouterProvider, type RouteObject } from 'react-router';
import { LoadingScreen } from '../components/errors/loading-screen.tsx';

/**
 * Every route of SPEC §2. Route modules are lazy (one chunk each) and export `Component`;
 * they stay thin and compose features.
 */
const accountChildren: RouteObject[] = [
  { index: true, element: <Navigate to="home" replace /> },
  { path: 'home', lazy: () => import('./routes/home-route.tsx') },
  { path: 'users/:userId', lazy: () => import('./routes/users-route.tsx') },
  { path: 'questions/:userId', lazy: () => import('./routes/assessments-route.tsx') },
  // The assessment creation wizard (SPEC §2 names its steps, not its path).
  { path: 'questions/:userId/new', lazy: () => import('./routes/new-assessment-route.tsx') },
  { path: 'user/:userId/quiz/:assessmentId', lazy: () => import('./routes/take-assessment-route.tsx') },
  { path: 'user/:userId/quiz/:assessmentId/redo', lazy: () => import('./routes/take-assessment-route.tsx') },
  {
    path: 'user/questions/:userId/quiz/:assessmentId/view',
    lazy: () => import('./routes/view-assessment-route.tsx'),
  },
  {
    path: 'user/questions/:userId/quiz/:quizId/edit',
    lazy: () => import('./routes/edit-assessment-route.tsx'),
  },
  { path: 'user/:userId/quiz/:assessmentId/my-results', lazy: () => import('./routes/my-results-route.tsx') },
  {
    path: 'questions/:userId/quiz/:quizId/submissions',
    lazy: () => import('./routes/submissions-route.tsx'),
  },
  { path: 'organization/:organizationId', lazy: () => import('./routes/organization-route.tsx') },
  { path: 'organizations', lazy: () => import('./routes/organizations-route.tsx') },
  { path: 'subscription', lazy: () => import('./routes/subscription-route.tsx') },
  { path: 'questiontype/questionexamples', lazy: () => import('./routes/question-examples-route.tsx') },
  { path: 'questiontype/:userId', lazy: () => import('./routes/question-types-route.tsx') },
  { path: 'aiassistant/:userId', lazy: () => import('./routes/ai-assistant-route.tsx') },
  { path: 'certifications/:userId', lazy: () => import('./routes/certifications-route.tsx') },
  { path: 'notifications/:userId', lazy: () => import('./routes/notifications-route.tsx') },
  {
    path: 'questions/pending-marking/:assessmentId/:studentId',
    lazy: () => import('./routes/pending-marking-route.tsx'),
  },
  { path: 'profile/:userId', lazy: () => import('./routes/profile-route.tsx') },
  { path: 'payments/payment_history', lazy: () => import('./routes/payment-history-route.tsx') },
  { path: 'logout', lazy: () => import('./routes/logout-route.tsx') },
];

export const routes: RouteObject[] = [
  {
    lazy: () => import('./routes/root-route.tsx'),
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      { path: '/', lazy: () => import('./routes/login-route.tsx') },
      { path: '/login', lazy: () => import('./routes/login-route.tsx') },
      { path: '/signin/:uid', lazy: () => import('./routes/sign-in-route.tsx') },
      { path: '/auth/callback', lazy: () => import('./routes/auth-callback-route.tsx') },
      { path: '/sign-up', lazy: () => import('./routes/sign-up-route.tsx') },
      { path: '/forgotpassword', lazy: () => import('./routes/forgot-password-route.tsx') },
      { path: '/resetpassword', lazy: () => import('./routes/reset-password-route.tsx') },
      { path: '/activate_account', lazy: () => import('./routes/activate-account-route.tsx') },
      { path: '/create-organization', lazy: () => import('./routes/create-organization-route.tsx') },
      { path: '/change-password', lazy: () => import('./routes/change-password-route.tsx') },
      { path: '/account', lazy: () => import('./routes/account-route.tsx'), children: accountChildren },
      { path: '*', lazy: () => import('./routes/not-found-route.tsx') },
    ],
  },
];

const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
