import { AUTH_TIMINGS } from './constants.ts';
import {
  currentUserManager,
  getUserManager,
  type PageIdentityClient,
  type SessionUser as User,
} from './oidc-client.ts';
import { needsRefreshBeforeRequest } from './session-rules.ts';

/**
 * Access and refresh tokens. All refreshes of a tab share one request, and tabs take turns
 * through a Web Lock: the provider rotates refresh tokens, so two refreshes with the same token
 * would make the second one fail (and may revoke the session).
 */

export type UserManagerLike = Pick<PageIdentityClient, 'getUser' | 'signinSilent' | 'removeUser'>;

export type RefreshFailure = 'no_session' | 'rejected' | 'failed';

export class RefreshError extends Error {
  readonly reason: RefreshFailure;
  constructor(reason: RefreshFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RefreshError';
    this.reason = reason;
  }
}

/** The token endpoint said no (HTTP 400, e.g. invalid_grant): the refresh token is dead. */
export function isRefreshRejected(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ErrorResponse' || /\(400\)/.test(error.message);
}

type LockRunner = <T>(name: string, task: () => Promise<T>) => Promise<T>;

const browserLocks: LockRunner = (name, task) => {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request(name, task) as Promise<Awaited<ReturnType<typeof task>>>) : task();
};

export interface TokenServiceDeps {
  getUserManager: () => Promise<UserManagerLike>;
  /**
   * The client if one was already started (by AuthProvider), else null. A request made before
   * (or without) a session then goes out without a token, and no configuration is fetched for it.
   */
  currentUserManager?: () => Promise<UserManagerLike> | null;
  now?: () => number;
  withLock?: LockRunner;
}

export interface TokenService {
  /** The stored session, or null when signed out. */
  getUser(): Promise<User | null>;
  /**
   * The access token, refreshed first when less than `marginMs` remain. When that refresh fails
   * the old token is still returned: the API's 401 then leads to a clean forced login.
   */
  getAccessToken(marginMs?: number): Promise<string | null>;
  /**
   * A new session. `rejectedToken`: the token the API just refused; if another caller or tab has
   * already replaced it with a fresh one, that one is used instead of refreshing again.
   */
  refresh(rejectedToken?: string): Promise<User>;
  /** Forgets the stored session (tokens) of this browser. */
  clear(): Promise<void>;
}

export function createTokenService(deps: TokenServiceDeps): TokenService {
  const now = deps.now ?? Date.now;
  const withLock = deps.withLock ?? browserLocks;
  let inFlight: Promise<User> | null = null;

  const isFresh = (user: User) => !needsRefreshBeforeRequest(user.expires_at, now());

  async function doRefresh(rejectedToken: string | undefined): Promise<User> {
    const manager = await deps.getUserManager();
    return withLock('vbuilder-token-refresh', async () => {
      const current = await manager.getUser();
      if (!current) throw new RefreshError('no_session', 'There is no session to refresh');
      if (rejectedToken !== undefined && current.access_token !== rejectedToken && isFresh(current))
        return current;
      // Without a refresh token the library would fall back to an iframe; we never want that.
      if (!current.refresh_token) throw new RefreshError('no_session', 'The session has no refresh token');
      try {
        const user = await manager.signinSilent();
        if (!user) throw new RefreshError('failed', 'The refresh returned no session');
        return user;
      } catch (error) {
        if (error instanceof RefreshError) throw error;
        if (isRefreshRejected(error)) {
          await manager.removeUser();
          throw new RefreshError('rejected', 'The identity provider refused the refresh token', {
            cause: error,
          });
        }
        throw new RefreshError('failed', 'The token could not be refreshed', { cause: error });
      }
    });
  }

  function refresh(rejectedToken?: string): Promise<User> {
    inFlight ??= doRefresh(rejectedToken).finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  async function getUser(): Promise<User | null> {
    const manager = await deps.getUserManager();
    return manager.getUser();
  }

  async function getAccessToken(
    marginMs: number = AUTH_TIMINGS.requestTokenMarginMs,
  ): Promise<string | null> {
    const pending = deps.currentUserManager ? deps.currentUserManager() : deps.getUserManager();
    if (!pending) return null;
    const user = await (await pending).getUser();
    if (!user) return null;
    if (!needsRefreshBeforeRequest(user.expires_at, now(), marginMs)) return user.access_token;
    try {
      return (await refresh(user.access_token)).access_token;
    } catch {
      return user.access_token;
    }
  }

  async function clear(): Promise<void> {
    const manager = await deps.getUserManager();
    await manager.removeUser();
  }

  return { getUser, getAccessToken, refresh, clear };
}

/** The page's token service, on the page's UserManager. */
export const tokenService: TokenService = createTokenService({ getUserManager, currentUserManager });
