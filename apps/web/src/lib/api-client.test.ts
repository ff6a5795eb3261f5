import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, createApiClient, type ApiAuth } from './api-client.ts';
import { createTokenService, type UserManagerLike } from './auth/token-service.ts';
import { oidcUser } from './auth/test/fixtures.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function fakeAuth(overrides: Partial<ApiAuth> = {}) {
  let n = 1;
  return {
    accessToken: vi.fn(async () => 'token-1'),
    refreshedToken: vi.fn(async () => `token-${++n}`),
    forceLogin: vi.fn(),
    isOnCallbackPath: vi.fn(() => false),
    ...overrides,
  };
}

const authHeader = (call: unknown[] | undefined) =>
  ((call?.[1] as RequestInit).headers as Record<string, string>).Authorization;

describe('api client', () => {
  it('sends credentials, the Bearer token and JSON to /api', async () => {
    const fetch = vi.fn(async () => json(200, { ok: true }));
    const api = createApiClient({ auth: fakeAuth(), fetch });
    expect(await api.post('/things', { a: 1 })).toEqual({ ok: true });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/things');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"a":1}' });
    expect(init.headers).toMatchObject({
      Authorization: 'Bearer token-1',
      'Content-Type': 'application/json',
    });
  });

  it('sends a token bound to this browser (DPoP) with the DPoP scheme and a fresh proof per request', async () => {
    const bound = `e30.${btoa(JSON.stringify({ sub: 'u-1', cnf: { jkt: 'thumb' } })).replace(/=+$/, '')}.c2ln`;
    const fetch = vi.fn(async () => json(200, {}));
    const api = createApiClient({ auth: fakeAuth({ accessToken: vi.fn(async () => bound) }), fetch });
    await api.put('/attempts/t-1/answers/q-1?x=1', { a: 1 });
    await api.put('/attempts/t-1/answers/q-1?x=1', { a: 1 });
    const sent = fetch.mock.calls.map(
      (call) => (call as unknown as [string, RequestInit])[1].headers as Record<string, string>,
    );
    expect(sent[0]!.Authorization).toBe(`DPoP ${bound}`);
    const [header, payload] = sent[0]!
      .DPoP!.split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))));
    expect(header).toMatchObject({ typ: 'dpop+jwt', alg: 'ES256' });
    expect(payload).toMatchObject({
      htm: 'PUT',
      htu: `${window.location.origin}/api/attempts/t-1/answers/q-1`,
    });
    expect(sent[1]!.DPoP).not.toBe(sent[0]!.DPoP);
  });

  it('lets the browser set the content type of form data', async () => {
    const fetch = vi.fn(async () => json(200, {}));
    const api = createApiClient({ auth: fakeAuth(), fetch });
    const form = new FormData();
    form.append('profile_image', new Blob(['x']), 'a.png');
    await api.upload('/auth/profile/image', form);
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.body).toBe(form);
    expect(init.headers).not.toHaveProperty('Content-Type');
  });

  it('sends no content type without a body', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    const api = createApiClient({ auth: fakeAuth(), fetch });
    expect(await api.delete('/things/1')).toBeUndefined();
    expect((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].headers).not.toHaveProperty(
      'Content-Type',
    );
  });

  it('asks for a token refreshed when under 30 s remain', async () => {
    const auth = fakeAuth();
    const api = createApiClient({ auth, fetch: vi.fn(async () => json(200, {})) });
    await api.get('/x');
    expect(auth.accessToken).toHaveBeenCalledWith(30_000);
  });

  it('retries a 401 with a refreshed token up to 2 times, then forces a login', async () => {
    const fetch = vi.fn(async () => json(401, { code: 'unauthorized', message: 'expired' }));
    const auth = fakeAuth();
    const api = createApiClient({ auth, fetch });
    await expect(api.get('/x')).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(auth.refreshedToken).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls.map((call) => authHeader(call))).toEqual([
      'Bearer token-1',
      'Bearer token-2',
      'Bearer token-3',
    ]);
    expect(auth.forceLogin).toHaveBeenCalledTimes(1);
  });

  it('succeeds when a retry is accepted', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(json(401, { code: 'unauthorized', message: 'expired' }))
      .mockResolvedValueOnce(json(200, { id: 1 }));
    const auth = fakeAuth();
    const api = createApiClient({ auth, fetch });
    expect(await api.get('/x')).toEqual({ id: 1 });
    expect(auth.forceLogin).not.toHaveBeenCalled();
  });

  it('does not force a login on the callback page', async () => {
    const auth = fakeAuth({ isOnCallbackPath: () => true });
    const api = createApiClient({ auth, fetch: vi.fn(async () => json(401, {})) });
    await expect(api.get('/x')).rejects.toBeInstanceOf(ApiError);
    expect(auth.forceLogin).not.toHaveBeenCalled();
  });

  it('forces a login at once when no token can be had', async () => {
    const auth = fakeAuth({ refreshedToken: vi.fn(async () => null) });
    const fetch = vi.fn(async () => json(401, {}));
    await expect(createApiClient({ auth, fetch }).get('/x')).rejects.toMatchObject({ status: 401 });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(auth.forceLogin).toHaveBeenCalledTimes(1);
  });

  it('passes a 401 through as it is for a request made without a session', async () => {
    const auth = fakeAuth({ accessToken: vi.fn(async () => null) });
    const fetch = vi.fn(async () => json(401, { code: 'invalid_credentials', message: 'Wrong password' }));
    await expect(createApiClient({ auth, fetch }).post('/accounts/x', {})).rejects.toMatchObject({
      status: 401,
      code: 'invalid_credentials',
    });
    expect(auth.refreshedToken).not.toHaveBeenCalled();
    expect(auth.forceLogin).not.toHaveBeenCalled();
  });

  it('leaves a 401 to the caller when asked (the profile has its own rule)', async () => {
    const auth = fakeAuth();
    const fetch = vi.fn(async () => json(401, {}));
    const api = createApiClient({ auth, fetch });
    await expect(
      api.request({ method: 'GET', path: '/auth/profile', handleUnauthorized: false }),
    ).rejects.toMatchObject({
      status: 401,
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(auth.forceLogin).not.toHaveBeenCalled();
  });

  it('parses { code, message, details } errors', async () => {
    const details = { fieldErrors: { email: ['validation.emailInvalid'] } };
    const api = createApiClient({
      auth: fakeAuth(),
      fetch: vi.fn(async () => json(400, { code: 'validation_error', message: 'Bad input', details })),
    });
    const error = await api.post('/x', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'validation_error', message: 'Bad input', details });
  });

  it('names an error without a body by its status', async () => {
    const api = createApiClient({
      auth: fakeAuth(),
      fetch: vi.fn(async () => new Response('<html>', { status: 404 })),
    });
    await expect(api.get('/x')).rejects.toMatchObject({ status: 404, code: 'not_found' });
  });

  it('turns a network failure into ApiError(0, network_error)', async () => {
    const api = createApiClient({
      auth: fakeAuth(),
      fetch: vi.fn().mockRejectedValue(new TypeError('Failed to fetch')),
    });
    await expect(api.get('/x')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  it('parses the answer with a schema', async () => {
    const api = createApiClient({
      auth: fakeAuth(),
      fetch: vi.fn(async () => json(200, { n: 1, extra: true })),
    });
    expect(await api.get('/x', z.object({ n: z.number() }))).toEqual({ n: 1 });
    await expect(api.get('/x', z.object({ n: z.string() }))).rejects.toMatchObject({
      code: 'invalid_response',
    });
  });

  it('downloads a Blob', async () => {
    const api = createApiClient({
      auth: fakeAuth(),
      fetch: vi.fn(
        async () => new Response('a,b\n1,2', { status: 200, headers: { 'Content-Type': 'text/csv' } }),
      ),
    });
    const blob = await api.download('/assessments/1/export.csv');
    expect(await blob.text()).toBe('a,b\n1,2');
  });

  it('downloads a file with the name the server gives in filename*', async () => {
    const name = 'পরীক্ষা - ফলাফল.csv';
    const api = createApiClient({
      auth: fakeAuth(),
      fetch: vi.fn(
        async () =>
          new Response('a,b', {
            status: 200,
            headers: {
              'Content-Type': 'text/csv',
              'Content-Disposition': `attachment; filename=assessment-results.csv; filename*=UTF-8''${encodeURIComponent(name)}`,
            },
          }),
      ),
    });
    const { blob, fileName } = await api.downloadFile('/assessments/1/export.csv');
    expect(await blob.text()).toBe('a,b');
    expect(fileName).toBe(name);
  });
});

describe('api client with the token service', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-03-01T10:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  function withSession(secondsLeft: number) {
    const manager = {
      getUser: vi.fn(async () => oidcUser(secondsLeft)),
      removeUser: vi.fn(async () => undefined),
      signinSilent: vi.fn(async () => oidcUser(900, { token: 'access-2' })),
    };
    const tokens = createTokenService({ getUserManager: async () => manager as unknown as UserManagerLike });
    const fetch = vi.fn(async () => json(200, {}));
    const api = createApiClient({
      fetch,
      auth: {
        accessToken: (margin) => tokens.getAccessToken(margin),
        refreshedToken: async (rejected) => (await tokens.refresh(rejected)).access_token,
        forceLogin: vi.fn(),
        isOnCallbackPath: () => false,
      },
    });
    return { api, fetch, manager };
  }

  it('refreshes first when under 30 s remain', async () => {
    const { api, fetch, manager } = withSession(25);
    await api.get('/x');
    expect(manager.signinSilent).toHaveBeenCalledTimes(1);
    expect(authHeader(fetch.mock.calls[0])).toBe('Bearer access-2');
  });

  it('sends the token as it is with 30 s or more left', async () => {
    const { api, fetch, manager } = withSession(31);
    await api.get('/x');
    expect(manager.signinSilent).not.toHaveBeenCalled();
    expect(authHeader(fetch.mock.calls[0])).toBe('Bearer access-1');
  });
});
