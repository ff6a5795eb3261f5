import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { LoadingScreen } from '../components/errors/loading-screen.tsx';
import { accountChildren } from './account-routes.tsx';

/** Every route of SPEC §2. Route modules are lazy (one chunk each) and export `Component`. */

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
      { path: '/confirm-email', lazy: () => import('./routes/confirm-email-route.tsx') },
      { path: '/undo-email-change', lazy: () => import('./routes/undo-email-change-route.tsx') },
      { path: '/create-organization', lazy: () => import('./routes/create-organization-route.tsx') },
      { path: '/change-password', lazy: () => import('./routes/change-password-route.tsx') },
      { path: '/verify', lazy: () => import('./routes/verify-route.tsx') },
      { path: '/verify/:code', lazy: () => import('./routes/verify-route.tsx') },
      { path: '/account', lazy: () => import('./routes/account-route.tsx'), children: accountChildren },
      { path: '*', lazy: () => import('./routes/not-found-route.tsx') },
    ],
  },
];

const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
