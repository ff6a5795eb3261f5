import type { User } from 'oidc-client-ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserProfile } from '@vbuilder/shared';
import { ApiError } from '../api-client.ts';
import { createAuthSession, type AuthSessionDeps, type SessionIdentityClient } from './auth-session.ts';
import { setErrorSink } from './report-error.ts';
import { oidcUser, profile } from './test/fixtures.ts';
import type { TokenService } from './token-service.ts';

function setup({
  path = '/account/home',
  search = '',
  stored = oidcUser(600) as User | null,
  manager: managerOverrides = {},
  deps: depsOverrides = {},
}: {
  path?: string;
  search?: string;
  stored?: User | null;
  manager?: Record<string, unknown>;
  deps?: Partial<AuthSessionDeps>;
} = {}) {
  let current = stored;
  const manager = {
    getUser: vi.fn(async () => current),
    signinCallback: vi.fn(async () => {
      current = oidcUser(600);
      return current;
    }),
    signinRedirect: vi.fn(async () => undefined),
    signoutRedirect: vi.fn(async () => undefined),
    removeUser: vi.fn(async () => {
      current = null;
    }),
    clearStaleState: vi.fn(async () => undefined),
    events: { addAccessTokenExpired: vi.fn((_cb: () => Promise<void>) => () => undefined) },
    ...managerOverrides,
  };
  const tokens: TokenService = {
    getUser: async () => manager.getUser(),
    getAccessToken: async () => current?.access_token ?? null,
    refresh: vi.fn(async () => {
      current = oidcUser(900, { token: 'access-2' });
      return current;
    }),
    clear: async () => manager.removeUser(),
  };
  const location = {
    pathname: path,
    search,
    href: `http://localhost${path}${search}`,
    origin: 'http://localhost',
  };
  const deps = {
    getUserManager: vi.fn(async () => manager as unknown as SessionIdentityClient),
    tokens,
    fetchProfile: vi.fn(async () => profile()),
    location: () => location,
    replaceUrl: vi.fn(),
    assign: vi.fn(),
    startLogin: vi.fn(async () => undefined),
    cookies: {
      load: vi.fn((): UserProfile | null => null),
      read: vi.fn((): UserProfile | null => null),
      write: vi.fn(),
      clear: vi.fn(),
    },
    clearIntendedPath: vi.fn(),
    clearIdentityStorage: vi.fn(),
    clearQueryCache: vi.fn(),
    invalidateQueries: vi.fn(),
    notifyProfileFailure: vi.fn(),
  };
  const session = createAuthSession({ ...deps, ...depsOverrides });
  return { session, deps, manager, tokens };
}

describe('auth session', () => {
  let restoreSink: () => void;
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-03-01T10:00:00Z') });
    restoreSink = setErrorSink(() => undefined);
  });
  afterEach(() => {
    restoreSink();
    vi.useRealTimers();
  });

  it('starts initializing, then is authenticated with the profile, written to the cookie', async () => {
    const { session, deps } = setup();
    expect(session.getState().status).toBe('initializing');
    await session.start();
    expect(session.getState()).toMatchObject({ status: 'authenticated', user: profile(), error: null });
    expect(deps.cookies.write).toHaveBeenCalledWith(profile());
  });

  it('runs once however often start() is called (StrictMode)', async () => {
    const { session, deps } = setup();
    await Promise.all([session.start(), session.start()]);
    expect(deps.getUserManager).toHaveBeenCalledTimes(1);
  });

  it('is unauthenticated without a stored session, silently (no redirect)', async () => {
    const { session, manager, deps } = setup({ stored: null });
    await session.start();
    expect(session.getState().status).toBe('unauthenticated');
    expect(manager.signinRedirect).not.toHaveBeenCalled();
    expect(deps.startLogin).not.toHaveBeenCalled();
    expect(deps.fetchProfile).not.toHaveBeenCalled();
  });

  it('refreshes an expired stored session', async () => {
    const { session, tokens } = setup({ stored: oidcUser(-10) });
    await session.start();
    expect(tokens.refresh).toHaveBeenCalled();
    expect(session.getState().status).toBe('authenticated');
  });

  it('gives up after 30 s with "Keycloak initialization timeout"', async () => {
    const { session } = setup({ deps: { getUserManager: () => new Promise(() => undefined) } });
    const started = session.start();
    await vi.advanceTimersByTimeAsync(29_999);
    expect(session.getState()).toMatchObject({ status: 'initializing', error: null });
    await vi.advanceTimersByTimeAsync(1);
    await started;
    expect(session.getState().status).toBe('unauthenticated');
    expect(session.getState().error).toMatchObject({
      code: 'init_timeout',
      message: 'Keycloak initialization timeout',
    });
  });

  it('completes the sign-in on /auth/callback and removes the code from the address', async () => {
    const { session, manager, deps } = setup({
      path: '/auth/callback',
      search: '?code=c&state=s',
      stored: null,
    });
    await session.start();
    expect(manager.signinCallback).toHaveBeenCalledWith('http://localhost/auth/callback?code=c&state=s');
    expect(deps.replaceUrl).toHaveBeenCalledWith('/auth/callback');
    expect(session.getState().status).toBe('authenticated');
  });

  it('requires login on /auth/callback when there is nothing to complete', async () => {
    const { session, deps } = setup({ path: '/auth/callback', stored: null });
    await session.start();
    expect(deps.startLogin).toHaveBeenCalled();
    expect(session.getState().status).toBe('initializing');
  });

  it('clears the user when the provider answers with an error', async () => {
    const { session, manager } = setup({
      path: '/auth/callback',
      search: '?error=access_denied&state=s',
      manager: { signinCallback: vi.fn().mockRejectedValue(new Error('access_denied')) },
    });
    await session.start();
    expect(manager.removeUser).toHaveBeenCalled();
    expect(session.getState().error).toMatchObject({ code: 'callback_failed' });
  });

  it('pre-loads the cookie user, but not on the provider redirect', async () => {
    const cookieUser = profile({ name: 'From cookie' });
    const first = setup({ deps: { fetchProfile: () => new Promise(() => undefined) } });
    first.deps.cookies.load.mockReturnValue(cookieUser);
    void first.session.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(first.session.getState()).toMatchObject({ status: 'initializing', user: cookieUser });

    const second = setup({
      path: '/auth/callback',
      search: '?code=c&state=s',
      deps: { fetchProfile: () => new Promise(() => undefined) },
    });
    second.deps.cookies.load.mockReturnValue(cookieUser);
    void second.session.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(second.deps.cookies.load).toHaveBeenCalled();
    expect(second.session.getState().user).toBeNull();
  });

  it('logs out when the profile answers 401 and the refresh fails', async () => {
    const { session, manager, tokens } = setup({
      deps: { fetchProfile: vi.fn().mockRejectedValue(new ApiError(401, 'unauthorized', 'no')) },
    });
    vi.mocked(tokens.refresh).mockRejectedValue(new Error('invalid_grant'));
    await session.start();
    expect(manager.signoutRedirect).toHaveBeenCalled();
    expect(session.getState()).toMatchObject({ status: 'unauthenticated', user: null, signingOut: true });
  });

  it('clears the user and toasts on other profile failures', async () => {
    const { session, deps } = setup({
      deps: { fetchProfile: vi.fn().mockRejectedValue(new ApiError(500, 'internal_error', 'x')) },
    });
    await session.start();
    expect(session.getState()).toMatchObject({ status: 'unauthenticated', user: null });
    expect(deps.notifyProfileFailure).toHaveBeenCalledTimes(1);
  });

  it('refetches every query when the profile comes back as someone else', async () => {
    const fetchProfile = vi
      .fn()
      .mockResolvedValueOnce(profile())
      .mockResolvedValueOnce(profile({ role: 'Administrator' }));
    const { session, deps } = setup({ deps: { fetchProfile } });
    await session.start();
    await vi.advanceTimersByTimeAsync(1_000);
    await session.reloadProfile();
    expect(deps.invalidateQueries).toHaveBeenCalledTimes(1);
    expect(session.getState().user?.role).toBe('Administrator');
  });

  it('logout clears the intended path, cookies, user and cache, then signs out at the provider', async () => {
    const { session, deps, manager } = setup();
    await session.start();
    await session.logout();
    expect(deps.clearIntendedPath).toHaveBeenCalled();
    expect(deps.cookies.clear).toHaveBeenCalled();
    expect(deps.clearQueryCache).toHaveBeenCalled();
    expect(session.getState()).toMatchObject({ user: null, status: 'unauthenticated' });
    expect(manager.signoutRedirect).toHaveBeenCalledWith({
      id_token_hint: 'id-token-1',
      post_logout_redirect_uri: 'http://localhost/',
    });
  });

  it('falls back to the origin when the provider cannot be reached on logout', async () => {
    const { session, deps, manager } = setup({
      manager: { signoutRedirect: vi.fn().mockRejectedValue(new Error('offline')) },
    });
    await session.start();
    await session.logout();
    expect(manager.removeUser).toHaveBeenCalled();
    expect(deps.assign).toHaveBeenCalledWith('http://localhost/');
  });

  it('allows 3 retries from the error screen', async () => {
    const { session } = setup({ deps: { getUserManager: vi.fn().mockRejectedValue(new Error('offline')) } });
    await session.start();
    expect(session.getState().error).toMatchObject({ code: 'init_failed' });
    for (let i = 1; i <= 3; i += 1) {
      await session.retry();
      expect(session.getState().retryCount).toBe(i);
    }
    await session.retry();
    expect(session.getState().retryCount).toBe(3);
  });

  it('sign out & restart forgets everything and goes to /login', async () => {
    const { session, deps } = setup();
    await session.start();
    await session.signOutAndRestart();
    expect(deps.clearIdentityStorage).toHaveBeenCalled();
    expect(deps.cookies.clear).toHaveBeenCalled();
    expect(deps.clearQueryCache).toHaveBeenCalled();
    expect(deps.assign).toHaveBeenCalledWith('/login');
  });

  it('checks the profile again on return to the tab, keeping the user through a passing failure', async () => {
    const fetchProfile = vi
      .fn()
      .mockResolvedValueOnce(profile())
      .mockRejectedValueOnce(new ApiError(0, 'network_error', 'offline'))
      .mockResolvedValueOnce(profile({ role: 'Administrator' }));
    const { session, deps } = setup({ deps: { fetchProfile } });
    await session.start();
    const detach = session.attach();
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchProfile).toHaveBeenCalledTimes(1); // under 30 s: the cached profile answers

    await vi.advanceTimersByTimeAsync(30_000);
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchProfile).toHaveBeenCalledTimes(2);
    expect(session.getState()).toMatchObject({ status: 'authenticated', user: profile() });
    expect(deps.notifyProfileFailure).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1_000);
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(session.getState().user?.role).toBe('Administrator');
    detach();
  });

  it('keeps the id token as the logout hint after a refused refresh removed the session', async () => {
    const { session, manager, tokens } = setup();
    await session.start();
    manager.getUser.mockResolvedValue(null);
    await session.logout();
    expect(manager.signoutRedirect).toHaveBeenCalledWith(
      expect.objectContaining({ id_token_hint: 'id-token-1' }),
    );
    expect(tokens.refresh).not.toHaveBeenCalled();
  });

  it('refreshes on expiry while attached, and logs out when that fails', async () => {
    const { session, manager, tokens } = setup();
    await session.start();
    const detach = session.attach();
    await vi.advanceTimersByTimeAsync(0);
    const onExpired = manager.events.addAccessTokenExpired.mock
      .calls[0]?.[0] as unknown as () => Promise<void>;
    expect(onExpired).toBeTypeOf('function');
    vi.setSystemTime(Date.now() + 700_000);
    vi.mocked(tokens.refresh).mockRejectedValueOnce(new Error('invalid_grant'));
    await onExpired();
    expect(manager.signoutRedirect).toHaveBeenCalled();
    detach();
  });
});
