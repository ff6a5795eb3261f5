import { ErrorResponse, type User } from 'oidc-client-ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { oidcUser } from './test/fixtures.ts';
import { createTokenService, RefreshError, type UserManagerLike } from './token-service.ts';

function fakeManager(initial: User | null) {
  let stored = initial;
  const manager = {
    getUser: vi.fn(async () => stored),
    removeUser: vi.fn(async () => {
      stored = null;
    }),
    signinSilent: vi.fn(async () => {
      stored = oidcUser(900, { token: 'access-2', refresh: 'refresh-2' });
      return stored;
    }),
    set: (user: User | null) => {
      stored = user;
    },
  };
  return manager;
}

const serviceFor = (manager: ReturnType<typeof fakeManager>) =>
  createTokenService({ getUserManager: async () => manager as unknown as UserManagerLike });

describe('token service', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-03-01T10:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  it('refreshes before handing out a token with under 30 s left', async () => {
    const manager = fakeManager(oidcUser(20));
    expect(await serviceFor(manager).getAccessToken()).toBe('access-2');
    expect(manager.signinSilent).toHaveBeenCalledTimes(1);
  });

  it('hands out a token with more than 30 s left as it is', async () => {
    const manager = fakeManager(oidcUser(40));
    expect(await serviceFor(manager).getAccessToken()).toBe('access-1');
    expect(manager.signinSilent).not.toHaveBeenCalled();
  });

  it('shares one refresh between parallel callers (refresh tokens rotate)', async () => {
    const manager = fakeManager(oidcUser(10));
    const service = serviceFor(manager);
    const [a, b] = await Promise.all([service.refresh(), service.refresh()]);
    expect(a).toBe(b);
    expect(manager.signinSilent).toHaveBeenCalledTimes(1);
  });

  it('uses a token another tab already refreshed instead of refreshing again', async () => {
    const manager = fakeManager(oidcUser(600, { token: 'from-other-tab' }));
    const user = await serviceFor(manager).refresh('rejected-token');
    expect(user.access_token).toBe('from-other-tab');
    expect(manager.signinSilent).not.toHaveBeenCalled();
  });

  it('clears the token when the provider answers the refresh with HTTP 400', async () => {
    const manager = fakeManager(oidcUser(10));
    manager.signinSilent.mockRejectedValueOnce(
      new ErrorResponse({ error: 'invalid_grant' }, new URLSearchParams()),
    );
    await expect(serviceFor(manager).refresh()).rejects.toMatchObject({ reason: 'rejected' });
    expect(manager.removeUser).toHaveBeenCalled();
  });

  it('keeps the session on a network failure', async () => {
    const manager = fakeManager(oidcUser(10));
    manager.signinSilent.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(serviceFor(manager).refresh()).rejects.toBeInstanceOf(RefreshError);
    expect(manager.removeUser).not.toHaveBeenCalled();
  });

  it('never falls back to an iframe when there is no refresh token', async () => {
    const manager = fakeManager(oidcUser(10, { refresh: null }));
    await expect(serviceFor(manager).refresh()).rejects.toMatchObject({ reason: 'no_session' });
    expect(manager.signinSilent).not.toHaveBeenCalled();
  });

  it('has no token without a session, and none before the client was started', async () => {
    expect(await serviceFor(fakeManager(null)).getAccessToken()).toBeNull();
    const getUserManager = vi.fn();
    const service = createTokenService({ getUserManager, currentUserManager: () => null });
    expect(await service.getAccessToken()).toBeNull();
    expect(getUserManager).not.toHaveBeenCalled();
  });
});
