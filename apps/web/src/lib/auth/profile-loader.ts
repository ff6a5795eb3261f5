import type { UserProfile } from '@vbuilder/shared';
import { AUTH_TIMINGS } from './constants.ts';
import { identityChanged, isProfileCacheValid, throttleDelay, type CachedProfile } from './session-rules.ts';

/**
 * Loading the profile (docs/product/states.md, docs/product/api.md): it waits for a session with a token, calls the API at most
 * once per second (except on the callback page), shares an in-flight call between callers and
 * reuses a profile under 30 s old. A 401 clears the user, refreshes the token and tries once more;
 * when that refresh fails the session is over.
 */

export type ProfileOutcome =
  | { kind: 'loaded'; user: UserProfile; fromCache: boolean }
  /** No session with a token: nothing to load. */
  | { kind: 'signed-out' }
  /** A 401 and the refresh failed: log out. */
  | { kind: 'logout'; error: unknown }
  | { kind: 'failed'; error: unknown };

export interface ProfileLoaderDeps {
  /** GET /auth/profile without the API client's own 401 handling. */
  fetchProfile(organizationId?: string): Promise<UserProfile>;
  /** True once there is a session with an access token (refreshing when there is none). */
  ensureToken(): Promise<boolean>;
  /** Throws when the token cannot be refreshed. */
  refreshToken(): Promise<unknown>;
  /** A 401 means the user we hold is no longer vouched for. */
  onClearUser(): void;
  isCallbackPath(): boolean;
  /** The organization a cached profile must match (docs/product/validation.md); undefined when there is none. */
  expectedOrganizationId(): string | null | undefined;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  minIntervalMs?: number;
  cacheMs?: number;
}

export interface LoadOptions {
  /** Skip the 30 s cache (after an edit, or when the caller needs the server's word). */
  force?: boolean;
  organizationId?: string;
}

export interface ProfileLoader {
  load(options?: LoadOptions): Promise<ProfileOutcome>;
  /** Drops the cache when `user` is no longer the same person, role or organization. */
  observe(user: UserProfile | null): void;
  invalidate(): void;
  cached(): CachedProfile | null;
}

const isUnauthorized = (error: unknown) =>
  typeof error === 'object' && error !== null && 'status' in error && error.status === 401;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createProfileLoader(deps: ProfileLoaderDeps): ProfileLoader {
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? defaultSleep;
  const minIntervalMs = deps.minIntervalMs ?? AUTH_TIMINGS.profileMinIntervalMs;
  const cacheMs = deps.cacheMs ?? AUTH_TIMINGS.profileCacheMs;

  let cache: CachedProfile | null = null;
  let lastStartedAt: number | null = null;
  let inFlight: { key: string; promise: Promise<ProfileOutcome> } | null = null;

  async function fetchOnce(organizationId: string | undefined): Promise<ProfileOutcome> {
    if (!deps.isCallbackPath()) {
      const wait = throttleDelay(lastStartedAt, now(), minIntervalMs);
      if (wait > 0) await sleep(wait);
    }
    lastStartedAt = now();

    if (!(await deps.ensureToken().catch(() => false))) return { kind: 'signed-out' };

    const remember = (user: UserProfile): ProfileOutcome => {
      cache = { user, fetchedAt: now() };
      return { kind: 'loaded', user, fromCache: false };
    };

    try {
      return remember(await deps.fetchProfile(organizationId));
    } catch (error) {
      if (!isUnauthorized(error)) {
        cache = null;
        return { kind: 'failed', error };
      }
    }

    cache = null;
    deps.onClearUser();
    try {
      await deps.refreshToken();
    } catch (error) {
      return { kind: 'logout', error };
    }
    try {
      return remember(await deps.fetchProfile(organizationId));
    } catch (error) {
      return { kind: 'failed', error };
    }
  }

  function load(options: LoadOptions = {}): Promise<ProfileOutcome> {
    if (!options.force && isProfileCacheValid(cache, now(), deps.expectedOrganizationId(), cacheMs)) {
      return Promise.resolve({ kind: 'loaded', user: cache.user, fromCache: true });
    }
    const key = options.organizationId ?? '';
    if (inFlight?.key === key) return inFlight.promise;

    const previous = inFlight?.promise;
    const promise = (async () => {
      // A call for another organization waits its turn rather than racing the first.
      if (previous) await previous.catch(() => undefined);
      return fetchOnce(options.organizationId);
    })().finally(() => {
      if (inFlight?.promise === promise) inFlight = null;
    });
    inFlight = { key, promise };
    return promise;
  }

  return {
    load,
    observe(user) {
      if (cache && identityChanged(cache.user, user)) cache = null;
    },
    invalidate() {
      cache = null;
    },
    cached: () => cache,
  };
}
