import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserProfile } from '@vbuilder/shared';
import { ApiError } from '../api-client.ts';
import { createProfileLoader, type ProfileLoaderDeps } from './profile-loader.ts';
import { profile } from './test/fixtures.ts';

function setup(overrides: Record<string, unknown> = {}) {
  const deps = {
    fetchProfile: vi.fn(async (_organizationId?: string): Promise<UserProfile> => profile()),
    ensureToken: vi.fn(async () => true),
    refreshToken: vi.fn(async () => undefined),
    onClearUser: vi.fn(),
    isCallbackPath: vi.fn(() => false),
    expectedOrganizationId: vi.fn((): string | null | undefined => 'org-1'),
    ...overrides,
  };
  return { deps, loader: createProfileLoader(deps as unknown as ProfileLoaderDeps) };
}

describe('profile loader', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shares one in-flight request between callers', async () => {
    let resolve!: (value: ReturnType<typeof profile>) => void;
    const { deps, loader } = setup({ fetchProfile: vi.fn(() => new Promise((r) => (resolve = r))) });
    const first = loader.load({ force: true });
    const second = loader.load({ force: true });
    await vi.advanceTimersByTimeAsync(0);
    resolve(profile());
    const [a, b] = await Promise.all([first, second]);
    expect(deps.fetchProfile).toHaveBeenCalledTimes(1);
    expect(a).toEqual(b);
    expect(a).toMatchObject({ kind: 'loaded', fromCache: false });
  });

  it('calls the API at most once per second', async () => {
    const { deps, loader } = setup();
    await loader.load({ force: true });
    expect(deps.fetchProfile).toHaveBeenCalledTimes(1);

    const second = loader.load({ force: true });
    await vi.advanceTimersByTimeAsync(999);
    expect(deps.fetchProfile).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await second;
    expect(deps.fetchProfile).toHaveBeenCalledTimes(2);
  });

  it('does not wait on the callback page', async () => {
    const { deps, loader } = setup({ isCallbackPath: vi.fn(() => true) });
    await loader.load({ force: true });
    await loader.load({ force: true });
    expect(deps.fetchProfile).toHaveBeenCalledTimes(2);
  });

  it('reuses a profile under 30 s old, and only for the expected organization', async () => {
    const { deps, loader } = setup();
    await loader.load();
    await vi.advanceTimersByTimeAsync(29_000);
    expect(await loader.load()).toMatchObject({ kind: 'loaded', fromCache: true });
    expect(deps.fetchProfile).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(1_000);
    expect(await loader.load()).toMatchObject({ kind: 'loaded', fromCache: false });
    expect(deps.fetchProfile).toHaveBeenCalledTimes(2);

    deps.expectedOrganizationId.mockReturnValue('org-2');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await loader.load()).toMatchObject({ fromCache: false });
    expect(deps.fetchProfile).toHaveBeenCalledTimes(3);
  });

  it('drops the cache when the user is someone else, or has another role', async () => {
    const { loader } = setup();
    await loader.load();
    loader.observe(profile({ name: 'Renamed' }));
    expect(loader.cached()).not.toBeNull();
    loader.observe(profile({ role: 'Administrator' }));
    expect(loader.cached()).toBeNull();
  });

  it('on 401 clears the user, refreshes and retries once', async () => {
    const fetchProfile = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(401, 'unauthorized', 'expired'))
      .mockResolvedValueOnce(profile());
    const { deps, loader } = setup({ fetchProfile });
    expect(await loader.load()).toMatchObject({ kind: 'loaded' });
    expect(deps.onClearUser).toHaveBeenCalledTimes(1);
    expect(deps.refreshToken).toHaveBeenCalledTimes(1);
    expect(fetchProfile).toHaveBeenCalledTimes(2);
  });

  it('on 401 with a failed refresh asks for logout', async () => {
    const { deps, loader } = setup({
      fetchProfile: vi.fn().mockRejectedValue(new ApiError(401, 'unauthorized', 'expired')),
      refreshToken: vi.fn().mockRejectedValue(new Error('invalid_grant')),
    });
    expect(await loader.load()).toMatchObject({ kind: 'logout' });
    expect(deps.fetchProfile).toHaveBeenCalledTimes(1);
  });

  it('retries a 401 only once', async () => {
    const fetchProfile = vi.fn().mockRejectedValue(new ApiError(401, 'unauthorized', 'no'));
    const { deps, loader } = setup({ fetchProfile });
    expect(await loader.load()).toMatchObject({ kind: 'failed' });
    expect(fetchProfile).toHaveBeenCalledTimes(2);
    expect(deps.refreshToken).toHaveBeenCalledTimes(1);
  });

  it('reports other failures without refreshing', async () => {
    const { deps, loader } = setup({
      fetchProfile: vi.fn().mockRejectedValue(new ApiError(500, 'internal_error', 'x')),
    });
    expect(await loader.load()).toMatchObject({ kind: 'failed' });
    expect(deps.refreshToken).not.toHaveBeenCalled();
  });

  it('without a session with a token there is nothing to load', async () => {
    const { deps, loader } = setup({ ensureToken: vi.fn(async () => false) });
    expect(await loader.load()).toEqual({ kind: 'signed-out' });
    expect(deps.fetchProfile).not.toHaveBeenCalled();
  });
});
