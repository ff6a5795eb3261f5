import type { User } from 'oidc-client-ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserProfile } from '@vbuilder/shared';
import { ApiError } from '../api-client.ts';
import { createAuthSession, type AuthSessionDeps, type SessionIdentityClient } from './auth-session.ts';
import { setErrorSink } from './report-error.ts';
import { oidcUser, profile } from './test/fixtures.ts';
import { RefreshError, type TokenService } from './token-service.ts';

/**
 * Offline mode: a student reloads an assessment without a network. The session must keep the
 * signed-in user of this browser (the cookie) and the stored token, and never sign out for want
 * of a network; everything else keeps its rules.
 */

const networkError = () => new ApiError(0, 'network_error', 'Failed to fetch');

function setup({
  stored = oidcUser(600) as User | null,
  online = false,
  cookieUser = profile() as UserProfile | null,
  deps: overrides = {},
}: {
  stored?: User | null;
  online?: boolean;
  cookieUser?: UserProfile | null;
  deps?: Partial<AuthSessionDeps>;
} = {}) {
  let current = stored;
  const manager = {
    getUser: vi.fn(async () => current),
    signinCallback: vi.fn(async () => current),
    signinRedirect: vi.fn(async () => undefined),
    signoutRedirect: vi.fn(async () => undefined),
    removeUser: vi.fn(async () => {
      current = null;
    }),
    clearStaleState: vi.fn(async () => undefined),
    events: { addAccessTokenExpired: vi.fn((_cb: () => Promise<void>) => () => undefined) },
  };
  const tokens: TokenService = {
    getUser: async () => manager.getUser(),
    getAccessToken: async () => current?.access_token ?? null,
    refresh: vi.fn(async () => {
      throw new RefreshError('failed', 'The token could not be refreshed');
    }),
    clear: async () => manager.removeUser(),
  };
  const deps: AuthSessionDeps = {
    getUserManager: vi.fn(async () => manager as unknown as SessionIdentityClient),
    tokens,
    fetchProfile: vi.fn(async () => {
      throw networkError();
    }),
    location: () => ({
      pathname: '/account/user/u-1/quiz/a-1',
      search: '?attempt=t-1',
      href: 'http://localhost/account/user/u-1/quiz/a-1?attempt=t-1',
      origin: 'http://localhost',
    }),
    replaceUrl: vi.fn(),
    assign: vi.fn(),
    startLogin: vi.fn(async () => undefined),
    cookies: { load: vi.fn(() => cookieUser), read: vi.fn(() => cookieUser), write: vi.fn(), clear: vi.fn() },
    clearIntendedPath: vi.fn(),
    clearIdentityStorage: vi.fn(),
    clearQueryCache: vi.fn(),
    invalidateQueries: vi.fn(),
    notifyProfileFailure: vi.fn(),
    isOnline: () => online,
    ...overrides,
  };
  return { session: createAuthSession(deps), deps, manager, tokens };
}

describe('offline mode', () => {
  let restoreSink: () => void;
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-03-01T10:00:00Z') });
    restoreSink = setErrorSink(() => undefined);
  });
  afterEach(() => {
    restoreSink();
    vi.useRealTimers();
  });

  it('keeps the cached user when the profile call cannot reach the server', async () => {
    const { session, deps } = setup();
    await session.start();
    expect(session.getState()).toMatchObject({ status: 'authenticated', user: profile() });
    expect(deps.notifyProfileFailure).not.toHaveBeenCalled();
    expect(deps.cookies.clear).not.toHaveBeenCalled();
  });

  it('keeps an expired session whose refresh failed for want of a network', async () => {
    const { session, tokens } = setup({ stored: oidcUser(-60) });
    await session.start();
    expect(tokens.refresh).toHaveBeenCalled();
    expect(session.getState()).toMatchObject({ status: 'authenticated', user: profile() });
  });

  it('is signed out, as before, when the browser is online and the refresh fails', async () => {
    const { session } = setup({ stored: oidcUser(-60), online: true });
    await session.start();
    expect(session.getState().status).toBe('unauthenticated');
  });

  it('does not invent a user: without the cookie a network failure is a failed load', async () => {
    const { session, deps } = setup({ cookieUser: null });
    await session.start();
    expect(session.getState()).toMatchObject({ status: 'unauthenticated', user: null });
    expect(deps.notifyProfileFailure).toHaveBeenCalled();
  });

  it('does not sign out when the token expires while offline', async () => {
    const { session, manager } = setup();
    await session.start();
    const detach = session.attach();
    await vi.advanceTimersByTimeAsync(0);
    const onExpired = manager.events.addAccessTokenExpired.mock
      .calls[0]?.[0] as unknown as () => Promise<void>;
    vi.setSystemTime(Date.now() + 700_000);
    await onExpired();
    expect(manager.signoutRedirect).not.toHaveBeenCalled();
    expect(session.getState().status).toBe('authenticated');
    detach();
  });
});

describe('the identity configuration offline', () => {
  beforeEach(() => {
    vi.resetModules();
    window.localStorage.clear();
  });

  it('uses the configuration last received when the server cannot be reached', async () => {
    const config = {
      issuer: 'https://id.example.org/realms/school',
      clientId: 'vbuilder-web',
      scopes: 'openid',
      learningPlatformUrl: null,
      supportUrl: null,
    };
    const first = await import('./oidc-client.ts');
    const online = vi.fn(async () => new Response(JSON.stringify(config), { status: 200 }));
    expect(await first.loadAuthConfig(online as unknown as typeof fetch, 'http://localhost')).toEqual(config);

    vi.resetModules();
    const reloaded = await import('./oidc-client.ts');
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await reloaded.loadAuthConfig(offline as unknown as typeof fetch, 'http://localhost')).toEqual(
      config,
    );
  });

  it('still fails (and asks again next time) when nothing was ever received', async () => {
    const { loadAuthConfig } = await import('./oidc-client.ts');
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(loadAuthConfig(offline as unknown as typeof fetch, 'http://localhost')).rejects.toThrow(
      'Failed to fetch',
    );
    await expect(loadAuthConfig(offline as unknown as typeof fetch, 'http://localhost')).rejects.toThrow();
    expect(offline).toHaveBeenCalledTimes(2);
  });
});
