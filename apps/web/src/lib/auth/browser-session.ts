import type { QueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { ProfileEnvelopeSchema, type UserProfile } from '@vbuilder/shared';
import { api, ApiError } from '../api-client.ts';
import i18n from '../i18n.ts';
import { createAuthSession, type AuthSession } from './auth-session.ts';
import { clearIntendedPath } from './intended-path.ts';
import { startLogin } from './login-redirect.ts';
import { clearIdentityStorage, getUserManager } from './oidc-client.ts';
import { tokenService } from './token-service.ts';
import { clearAuthCookies, loadCookieUser, readUserCookie, writeUserCookie } from './user-cookie.ts';

/** GET /auth/profile; an envelope that is not a success counts as the failure it describes. */
export async function fetchProfile(organizationId?: string): Promise<UserProfile> {
  const query = organizationId ? `?organizationId=${encodeURIComponent(organizationId)}` : '';
  const envelope = await api.request({
    method: 'GET',
    path: `/auth/profile${query}`,
    schema: ProfileEnvelopeSchema,
    // The profile has its own 401 rule (profile-loader.ts).
    handleUnauthorized: false,
  });
  if (!envelope.loggedIn)
    throw new ApiError(401, 'unauthorized', 'The profile says the user is not signed in');
  if (envelope.status !== 200)
    throw new ApiError(envelope.status, 'internal_error', 'The profile could not be loaded');
  return envelope.user;
}

/** The session wired to the browser: location, storage, cookies, toasts and the query cache. */
export function createBrowserAuthSession(queryClient: QueryClient): AuthSession {
  return createAuthSession({
    getUserManager,
    tokens: tokenService,
    fetchProfile,
    location: () => window.location,
    replaceUrl: (path) => window.history.replaceState(window.history.state, '', path),
    assign: (url) => window.location.assign(url),
    startLogin: (manager) => startLogin(manager),
    cookies: { load: loadCookieUser, read: readUserCookie, write: writeUserCookie, clear: clearAuthCookies },
    clearIntendedPath,
    clearIdentityStorage,
    clearQueryCache: () => queryClient.clear(),
    invalidateQueries: () => void queryClient.invalidateQueries(),
    notifyProfileFailure: () =>
      notifications.show({ color: 'red', message: i18n.t('auth:toasts.profileLoadFailed') }),
  });
}
