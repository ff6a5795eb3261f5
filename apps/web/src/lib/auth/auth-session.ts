import type { UserProfile } from '@vbuilder/shared';
import { AuthError, initTimeoutError, withTimeout } from './auth-error.ts';
import { AUTH_LIMITS, AUTH_TIMINGS, CALLBACK_PATH, LOGIN_PATH } from './constants.ts';
import { initializeIdentity, type IdentityClient } from './init-session.ts';
import type { PageIdentityClient } from './oidc-client.ts';
import { createProfileLoader, type LoadOptions, type ProfileLoader } from './profile-loader.ts';
import { reportError } from './report-error.ts';
import { expectedOrganization, identityChanged, isAuthRedirect } from './session-rules.ts';
import { startTokenMonitor } from './token-monitor.ts';
import { RefreshError, type TokenService } from './token-service.ts';

/**
 * The session as one small store outside React (so it is testable, and React's StrictMode double
 * effects cannot start two logins): initializing → authenticated | unauthenticated (docs/product/states.md).
 */

export type AuthStatus = 'initializing' | 'authenticated' | 'unauthenticated';

export interface AuthState {
  status: AuthStatus;
  user: UserProfile | null;
  error: AuthError | null;
  /** Under 5 minutes of token left (the monitor's flag). */
  tokenExpiring: boolean;
  /** A logout is under way: screens show a loader rather than the login screen. */
  signingOut: boolean;
  /** 'Try Again' uses on the error screen so far (offered while fewer than 3). */
  retryCount: number;
}

export type SessionIdentityClient = IdentityClient & Pick<PageIdentityClient, 'signoutRedirect' | 'events'>;

export interface AuthSessionDeps {
  getUserManager(): Promise<SessionIdentityClient>;
  tokens: TokenService;
  /** GET /auth/profile, a 401 thrown as it is. */
  fetchProfile(organizationId?: string): Promise<UserProfile>;
  location(): { pathname: string; search: string; href: string; origin: string };
  replaceUrl(path: string): void;
  /** Full page navigation (sign out & restart). */
  assign(url: string): void;
  startLogin(manager: SessionIdentityClient): Promise<void>;
  cookies: {
    load(): UserProfile | null;
    read(): UserProfile | null;
    write(user: UserProfile): void;
    clear(): void;
  };
  clearIntendedPath(): void;
  /** Every stored token and pending login state of the identity client. */
  clearIdentityStorage(): void;
  /** TanStack Query: forget everything (logout) or refetch everything (someone else now). */
  clearQueryCache(): void;
  invalidateQueries(): void;
  /** The 'Failed to load user profile' toast. */
  notifyProfileFailure(): void;
  now?: () => number;
  initTimeoutMs?: number;
  /** The browser's word on the network (navigator.onLine by default). */
  isOnline?: () => boolean;
}

/** A call that never reached the server (the API client's ApiError with code network_error). */
const isNetworkFailure = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === 'network_error';

/** A refresh that failed for want of a network, not because the provider refused it. */
const isOfflineRefreshFailure = (error: unknown, online: boolean) =>
  !online && error instanceof RefreshError && error.reason === 'failed';

export interface AuthSession {
  getState(): AuthState;
  subscribe(listener: () => void): () => void;
  /** Starts the session once; later calls return the same run. */
  start(): Promise<void>;
  /** 'Try Again': runs the start again while fewer than 3 retries were used. */
  retry(): Promise<void>;
  login(): Promise<void>;
  logout(): Promise<void>;
  /** 'Sign Out & Restart': forget everything in this browser and go to /login. */
  signOutAndRestart(): Promise<void>;
  /** Loads the profile again (by default past the 30 s cache). */
  reloadProfile(options?: LoadOptions): Promise<UserProfile | null>;
  /** Token monitor and expiry handling while mounted; returns the stop function. */
  attach(): () => void;
  profileLoader: ProfileLoader;
}

const INITIAL: AuthState = {
  status: 'initializing',
  user: null,
  error: null,
  tokenExpiring: false,
  signingOut: false,
  retryCount: 0,
};

export function createAuthSession(deps: AuthSessionDeps): AuthSession {
  const now = deps.now ?? Date.now;
  const isOnline = deps.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine);
  let state: AuthState = INITIAL;
  const listeners = new Set<() => void>();
  let attempt = 0;
  let running: Promise<void> | null = null;
  // The logout hint survives a refused refresh, which removes the stored session first.
  let lastIdToken: string | undefined;

  const setState = (patch: Partial<AuthState>) => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  };

  const isCallbackPath = () => deps.location().pathname === CALLBACK_PATH;

  const profileLoader = createProfileLoader({
    fetchProfile: deps.fetchProfile,
    ensureToken: async () => {
      const user = await deps.tokens.getUser();
      if (user && !user.expired && user.access_token) return true;
      if (!user?.refresh_token) return false;
      try {
        await deps.tokens.refresh(user.access_token);
      } catch (error) {
        // Offline: the stored token is still the session's; the profile call decides (offline mode).
        if (isOfflineRefreshFailure(error, isOnline()) && user.access_token) return true;
        throw error;
      }
      return true;
    },
    refreshToken: () => deps.tokens.refresh(),
    onClearUser: () => setState({ user: null }),
    isCallbackPath,
    expectedOrganizationId: () => expectedOrganization(deps.cookies.read(), state.user),
    now,
  });

  /**
   * `background`: a check the user did not ask for (coming back to the tab). Its passing failure
   * keeps the user signed in; a 401 still follows the rules.
   */
  async function loadProfile(options: LoadOptions = {}, background = false): Promise<UserProfile | null> {
    const previous = state.user;
    const outcome = await profileLoader.load(options);
    switch (outcome.kind) {
      case 'loaded': {
        const user = outcome.user;
        if (previous && identityChanged(previous, user)) deps.invalidateQueries();
        deps.cookies.write(user);
        setState({ user, status: 'authenticated' });
        return user;
      }
      case 'signed-out':
        setState({ user: null, status: 'unauthenticated' });
        return null;
      case 'logout':
        await logout();
        return null;
      case 'failed':
        // Offline mode: no network, but a signed-in user of this browser (the cookie) and a stored
        // token. Keep them, so an assessment reloaded without a network opens from the device.
        if (isNetworkFailure(outcome.error) && previous) {
          setState({ user: previous, status: 'authenticated' });
          return previous;
        }
        reportError(outcome.error, { area: 'auth', action: 'load-profile' });
        if (background && state.user) return state.user;
        setState({ user: null, status: 'unauthenticated' });
        deps.notifyProfileFailure();
        return null;
    }
  }

  async function run(current: number): Promise<void> {
    const location = deps.location();
    // An old cookie is renamed even on the provider's redirect; it is only shown outside it.
    const cookieUser = deps.cookies.load();
    if (!isAuthRedirect(location.search) && cookieUser) {
      profileLoader.observe(cookieUser);
      setState({ user: cookieUser });
    }

    let outcome;
    try {
      const identity = (async () => {
        const manager = await deps.getUserManager();
        return initializeIdentity({
          manager,
          tokens: deps.tokens,
          location,
          replaceUrl: deps.replaceUrl,
          startLogin: () => deps.startLogin(manager),
          isOnline,
        });
      })();
      outcome = await withTimeout(
        identity,
        deps.initTimeoutMs ?? AUTH_TIMINGS.initTimeoutMs,
        initTimeoutError,
      );
    } catch (error) {
      if (current !== attempt) return;
      const authError =
        error instanceof AuthError
          ? error
          : new AuthError('init_failed', error instanceof Error ? error.message : String(error), {
              cause: error,
            });
      reportError(authError, { area: 'auth', action: 'initialize' });
      setState({ status: 'unauthenticated', user: null, error: authError });
      return;
    }
    if (current !== attempt) return;

    if (outcome.kind === 'redirecting') return;
    if (outcome.kind === 'signed-out') {
      setState({ status: 'unauthenticated', user: null });
      return;
    }
    lastIdToken = outcome.user.id_token;
    await loadProfile();
  }

  function start(): Promise<void> {
    running ??= run(attempt);
    return running;
  }

  async function logout(): Promise<void> {
    const manager = await deps.getUserManager().catch(() => null);
    const oidcUser = await manager?.getUser().catch(() => null);
    deps.clearIntendedPath();
    deps.cookies.clear();
    profileLoader.invalidate();
    deps.clearQueryCache();
    setState({ user: null, status: 'unauthenticated', signingOut: true, tokenExpiring: false });
    const origin = deps.location().origin;
    try {
      if (!manager) throw new Error('No identity client');
      await manager.signoutRedirect({
        id_token_hint: oidcUser?.id_token ?? lastIdToken,
        post_logout_redirect_uri: `${origin}/`,
      });
    } catch (error) {
      // The provider could not be reached: at least nothing of the session stays in this browser.
      reportError(error, { area: 'auth', action: 'logout' });
      await manager?.removeUser().catch(() => undefined);
      deps.assign(`${origin}/`);
    }
  }

  function attach(): () => void {
    const refreshFailed = (error: unknown) => {
      // A refusal ends the session; a passing network failure is tried again on the next tick,
      // and the expiry handler below ends the session if the token runs out first.
      if (error instanceof RefreshError && error.reason === 'failed') return;
      void logout();
    };
    const monitor = startTokenMonitor({
      getExpiresAt: async () => (await deps.tokens.getUser())?.expires_at ?? null,
      refresh: async () => {
        const user = await deps.tokens.refresh((await deps.tokens.getUser())?.access_token);
        lastIdToken = user.id_token ?? lastIdToken;
        return user;
      },
      onExpiringChange: (tokenExpiring) => setState({ tokenExpiring }),
      onRefreshFailed: refreshFailed,
      now,
    });
    void monitor.check();

    let detachExpiry: (() => void) | null = null;
    let detached = false;
    void deps
      .getUserManager()
      .then((manager) => {
        if (detached) return;
        detachExpiry = manager.events.addAccessTokenExpired(async () => {
          if (state.status !== 'authenticated') return;
          const user = await deps.tokens.getUser();
          // Another tab may have refreshed already: then the stored token is valid again.
          if (user && !user.expired) return;
          try {
            await deps.tokens.refresh(user?.access_token);
          } catch (error) {
            // Without a network the session is not over, only out of reach: an exam taken offline
            // must not be signed out. Back online, the next call refreshes or logs in again.
            if (isOfflineRefreshFailure(error, isOnline())) return;
            await logout();
          }
        });
      })
      .catch(() => undefined);

    // Coming back to the tab: pick up a changed role or organization (at most every 30 s).
    const onVisible = () => {
      if (document.visibilityState === 'visible' && state.status === 'authenticated')
        void loadProfile({}, true);
    };
    document.addEventListener('visibilitychange', onVisible);

    return () => {
      detached = true;
      monitor.stop();
      detachExpiry?.();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start,
    async retry() {
      if (state.retryCount >= AUTH_LIMITS.maxErrorScreenRetries) return;
      attempt += 1;
      setState({ retryCount: state.retryCount + 1, error: null, status: 'initializing' });
      running = run(attempt);
      return running;
    },
    async login() {
      const manager = await deps.getUserManager();
      await deps.startLogin(manager);
    },
    logout,
    async signOutAndRestart() {
      const manager = await deps.getUserManager().catch(() => null);
      await manager?.removeUser().catch(() => undefined);
      deps.clearIdentityStorage();
      deps.clearIntendedPath();
      deps.cookies.clear();
      profileLoader.invalidate();
      deps.clearQueryCache();
      setState({ user: null, status: 'unauthenticated', signingOut: true });
      deps.assign(LOGIN_PATH);
    },
    reloadProfile: (options) => loadProfile({ force: true, ...options }),
    attach,
    profileLoader,
  };
}
