import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { withNamespaces } from './route-namespaces.ts';
import { LoadingScreen } from '../components/errors/loading-screen.tsx';
import { accountChildren } from './account-routes.tsx';

/** Every route of docs/product/screens.md. Route modules are lazy (one chunk each) and export `Component`. */

export const routes: RouteObject[] = [
  {
    lazy: withNamespaces('root-route', () => import('./routes/root-route.tsx')),
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      { path: '/', lazy: withNamespaces('login-route', () => import('./routes/login-route.tsx')) },
      { path: '/login', lazy: withNamespaces('login-route', () => import('./routes/login-route.tsx')) },
      {
        path: '/signin/:uid',
        lazy: withNamespaces('sign-in-route', () => import('./routes/sign-in-route.tsx')),
      },
      {
        path: '/lti/launch',
        lazy: withNamespaces('lti-launch-route', () => import('./routes/lti-launch-route.tsx')),
      },
      {
        path: '/auth/callback',
        lazy: withNamespaces('auth-callback-route', () => import('./routes/auth-callback-route.tsx')),
      },
      { path: '/sign-up', lazy: withNamespaces('sign-up-route', () => import('./routes/sign-up-route.tsx')) },
      {
        path: '/forgotpassword',
        lazy: withNamespaces('forgot-password-route', () => import('./routes/forgot-password-route.tsx')),
      },
      {
        path: '/resetpassword',
        lazy: withNamespaces('reset-password-route', () => import('./routes/reset-password-route.tsx')),
      },
      {
        path: '/activate_account',
        lazy: withNamespaces('activate-account-route', () => import('./routes/activate-account-route.tsx')),
      },
      {
        path: '/confirm-email',
        lazy: withNamespaces('confirm-email-route', () => import('./routes/confirm-email-route.tsx')),
      },
      {
        path: '/undo-email-change',
        lazy: withNamespaces('undo-email-change-route', () => import('./routes/undo-email-change-route.tsx')),
      },
      {
        path: '/create-organization',
        lazy: withNamespaces(
          'create-organization-route',
          () => import('./routes/create-organization-route.tsx'),
        ),
      },
      {
        path: '/change-password',
        lazy: withNamespaces('change-password-route', () => import('./routes/change-password-route.tsx')),
      },
      { path: '/verify', lazy: withNamespaces('verify-route', () => import('./routes/verify-route.tsx')) },
      {
        path: '/verify/:code',
        lazy: withNamespaces('verify-route', () => import('./routes/verify-route.tsx')),
      },
      {
        path: '/account',
        lazy: withNamespaces('account-route', () => import('./routes/account-route.tsx')),
        children: accountChildren,
      },
      { path: '*', lazy: withNamespaces('not-found-route', () => import('./routes/not-found-route.tsx')) },
    ],
  },
];

let router: ReturnType<typeof createBrowserRouter> | null = null;

/**
 * The page's one router, made on first use: creating it starts the first navigation (matching,
 * the loaders), which main.tsx runs in a task of its own rather than inside the evaluation of the
 * app's code (on a slow phone that one task was the longest of the load).
 */
export function appRouter() {
  router ??= createBrowserRouter(routes);
  return router;
}

export function AppRouter() {
  return <RouterProvider router={appRouter()} />;
}
