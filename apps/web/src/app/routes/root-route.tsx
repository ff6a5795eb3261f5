import { Outlet } from 'react-router';
import { AppErrorScreen } from '../../components/errors/app-error-screen.tsx';
import { NavigationGuard } from '../../components/navigation-guard.tsx';
import { PublicRouteRedirect } from '../../lib/auth/public-route-redirect.tsx';

/** The root of every screen: loop guard, redirects of signed-in users away from public pages. */
export function Component() {
  return (
    <>
      <NavigationGuard />
      <PublicRouteRedirect />
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  return <AppErrorScreen />;
}
