import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as oidc from 'oidc-client-ts';
import { createIdentityClient, readStoredUser, storedUserKey } from './oidc-client.ts';
import { defaultAuthConfig } from './auth-config.ts';
import { oidcUser } from './test/fixtures.ts';

const config = defaultAuthConfig('http://localhost');
const store = (user: oidc.User) => window.localStorage.setItem(storedUserKey(config), user.toStorageString());

describe('the stored session, read without the identity library', () => {
  beforeEach(() => window.localStorage.clear());

  it('reads what the library stored, with expiry computed when asked', () => {
    let now = Date.now();
    store(oidcUser(60, { token: 'a-1', refresh: 'r-1', idToken: 'i-1' }));
    const user = readStoredUser(config, () => now);
    expect(user).toMatchObject({
      access_token: 'a-1',
      refresh_token: 'r-1',
      id_token: 'i-1',
      token_type: 'Bearer',
    });
    expect(user?.profile.sub).toBe('u-1');
    expect(user?.expired).toBe(false);
    now += 61_000;
    expect(user?.expired).toBe(true);
  });

  it('the library reads back what a real manager stored under the same key', async () => {
    const library = createIdentityClient(config, 'http://localhost', async () => oidc);
    store(oidcUser(600, { token: 'a-2' }));
    await library.clearStaleState(); // from here on, the library's own UserManager answers
    expect((await library.getUser())?.access_token).toBe('a-2');
  });

  it('nothing stored, or something unreadable, is no session', () => {
    expect(readStoredUser(config)).toBeNull();
    window.localStorage.setItem(storedUserKey(config), '{not json');
    expect(readStoredUser(config)).toBeNull();
    window.localStorage.setItem(storedUserKey(config), JSON.stringify({ access_token: 42, profile: {} }));
    expect(readStoredUser(config)).toBeNull();
  });
});

describe('the page identity client', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => vi.useRealTimers());

  it('a page with a stored session does not fetch the identity library', async () => {
    const loadLibrary = vi.fn(async () => oidc);
    const client = createIdentityClient(config, 'http://localhost', loadLibrary);
    store(oidcUser(600));
    expect((await client.getUser())?.access_token).toBe('access-1');
    await client.removeUser();
    expect(window.localStorage.getItem(storedUserKey(config))).toBeNull();
    expect(loadLibrary).not.toHaveBeenCalled();
  });

  it('a signed-out page fetches it ahead of the sign-in, and once', async () => {
    const loadLibrary = vi.fn(async () => oidc);
    const client = createIdentityClient(config, 'http://localhost', loadLibrary);
    expect(await client.getUser()).toBeNull();
    await client.clearStaleState();
    expect(loadLibrary).toHaveBeenCalledTimes(1);
  });

  it('a library that cannot be fetched (offline) is tried again on the next call', async () => {
    const loadLibrary = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(oidc);
    const client = createIdentityClient(config, 'http://localhost', loadLibrary);
    store(oidcUser(600));
    await expect(client.clearStaleState()).rejects.toThrow('offline');
    await expect(client.clearStaleState()).resolves.toBeUndefined();
    expect(loadLibrary).toHaveBeenCalledTimes(2);
  });

  it('reports an expired access token once per token, and follows a renewed one', async () => {
    vi.useFakeTimers();
    const client = createIdentityClient(config, 'http://localhost', async () => oidc);
    store(oidcUser(10, { token: 'first' }));
    const expired = vi.fn();
    const stop = client.events.addAccessTokenExpired(expired);
    await vi.advanceTimersByTimeAsync(9_000);
    expect(expired).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(expired).toHaveBeenCalledTimes(1);
    // Not renewed (offline): not reported again for the same token.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(expired).toHaveBeenCalledTimes(1);
    // Renewed, by this tab or another: its expiry is the next one reported.
    store(oidcUser(60, { token: 'second' }));
    await vi.advanceTimersByTimeAsync(30_000);
    await vi.advanceTimersByTimeAsync(61_000);
    expect(expired).toHaveBeenCalledTimes(2);
    stop();
    store(oidcUser(5, { token: 'third' }));
    await vi.advanceTimersByTimeAsync(120_000);
    expect(expired).toHaveBeenCalledTimes(2);
  });
});
