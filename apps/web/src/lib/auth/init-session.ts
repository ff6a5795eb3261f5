import { AuthError } from './auth-error.ts';
import { CALLBACK_PATH } from './constants.ts';
import type { PageIdentityClient, SessionUser } from './oidc-client.ts';
import { isAuthRedirect } from './session-rules.ts';
import { RefreshError, type TokenService } from './token-service.ts';

/**
 * Starting the identity client (docs/product/states.md): on /auth/callback the sign-in is completed (and, with
 * nothing to complete and no session, login is required); elsewhere the check is silent, from the
 * stored session only: no iframe, no redirect.
 */

export type IdentityClient = Pick<
  PageIdentityClient,
  'getUser' | 'signinCallback' | 'signinRedirect' | 'removeUser' | 'clearStaleState'
>;

export type InitOutcome =
  { kind: 'signed-in'; user: SessionUser } | { kind: 'signed-out' } | { kind: 'redirecting' };

export interface InitArgs {
  manager: IdentityClient;
  tokens: Pick<TokenService, 'refresh'>;
  location: { pathname: string; search: string; href: string };
  /** Rewrites the address bar without the provider's one-time code and state. */
  replaceUrl(path: string): void;
  /** Starts login when the callback page has nothing to complete. */
  startLogin(): Promise<void>;
  /** The browser's word on the network (navigator.onLine by default). */
  isOnline?: () => boolean;
}

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine;

async function storedSession(
  manager: IdentityClient,
  tokens: InitArgs['tokens'],
  isOnline: () => boolean,
): Promise<InitOutcome> {
  const user = await manager.getUser();
  if (!user) return { kind: 'signed-out' };
  if (!user.expired) return { kind: 'signed-in', user };
  if (!user.refresh_token) {
    await manager.removeUser();
    return { kind: 'signed-out' };
  }
  try {
    return { kind: 'signed-in', user: await tokens.refresh(user.access_token) };
  } catch (error) {
    // Without a network the session cannot be renewed, yet nothing says it is over: keep it (a
    // student reloading an assessment offline); the first call back online refreshes it or logs in.
    if (!isOnline() && error instanceof RefreshError && error.reason === 'failed') {
      return { kind: 'signed-in', user };
    }
    return { kind: 'signed-out' };
  }
}

export async function initializeIdentity({
  manager,
  tokens,
  location,
  replaceUrl,
  startLogin,
  isOnline = browserOnline,
}: InitArgs): Promise<InitOutcome> {
  if (location.pathname !== CALLBACK_PATH) return storedSession(manager, tokens, isOnline);

  // Leftover state of abandoned logins (older than an hour) is of no use to anyone. Only here,
  // where the identity library is needed anyway: a page with a stored session does without it.
  void manager.clearStaleState().catch(() => undefined);

  const params = new URLSearchParams(location.search);
  if (isAuthRedirect(location.search) || params.has('error')) {
    try {
      const user = await manager.signinCallback(location.href);
      if (!user) throw new Error('The sign-in response held no session');
      return { kind: 'signed-in', user };
    } catch (error) {
      // docs/product/api.md: an identity provider auth error clears the user.
      await manager.removeUser().catch(() => undefined);
      throw new AuthError('callback_failed', error instanceof Error ? error.message : 'Sign-in failed', {
        cause: error,
      });
    } finally {
      // The code is single-use: a reload must not try it again.
      replaceUrl(location.pathname);
    }
  }

  const existing = await storedSession(manager, tokens, isOnline);
  if (existing.kind === 'signed-in') return existing;
  await startLogin();
  return { kind: 'redirecting' };
}
