import { useDeferredValue, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AuthErrorScreen } from '../../components/errors/auth-error-screen.tsx';
import { AuthContext, type AuthContextValue } from './auth-context.ts';
import { AuthErrorBoundary } from './auth-error-boundary.tsx';
import type { AuthSession } from './auth-session.ts';
import { createBrowserAuthSession } from './browser-session.ts';

export { useAuth } from './use-auth.ts';
export type { AuthContextValue } from './auth-context.ts';

/**
 * The session for the whole app (docs/product/states.md). Sits under QueryClientProvider (logout clears the
 * query cache) and above the router, so it navigates only with full page loads; route-level
 * redirects are PublicRouteRedirect's and the account gate's.
 */
export function AuthProvider({ children, session: given }: { children: ReactNode; session?: AuthSession }) {
  const queryClient = useQueryClient();
  const [session] = useState(() => given ?? createBrowserAuthSession(queryClient));
  const state = useSyncExternalStore(session.subscribe, session.getState, session.getState);

  useEffect(() => {
    void session.start();
  }, [session]);

  const authenticated = state.status === 'authenticated';
  useEffect(() => (authenticated ? session.attach() : undefined), [session, authenticated]);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      login: session.login,
      logout: session.logout,
      reloadProfile: session.reloadProfile,
      retry: session.retry,
      signOutAndRestart: session.signOutAndRestart,
    }),
    [session, state],
  );
  // The store's updates render synchronously (useSyncExternalStore); the session's arrival renders
  // the whole signed-in shell, so it is passed on as a deferred value: React builds that tree in
  // small slices (a transition) and the page keeps answering meanwhile (blocking time).
  const deferred = useDeferredValue(value);

  const retry = () => void session.retry();
  return (
    <AuthContext.Provider value={deferred}>
      <AuthErrorBoundary retryCount={state.retryCount} onRetry={retry} onSignOut={session.signOutAndRestart}>
        {state.error ? (
          <AuthErrorScreen
            reason={state.error.code}
            retryCount={state.retryCount}
            onRetry={retry}
            onSignOut={session.signOutAndRestart}
          />
        ) : (
          children
        )}
      </AuthErrorBoundary>
    </AuthContext.Provider>
  );
}
