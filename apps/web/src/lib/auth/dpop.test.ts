import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { UserManager } from 'oidc-client-ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { createDpop } from './dpop.ts';

/**
 * The browser's DPoP key: made once, kept in IndexedDB, never readable; proofs that an
 * RFC 9449 resource server accepts; and oidc-client-ts binding the tokens to that same key.
 */

const fromBase64url = (text: string) =>
  Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
const decodePart = (part: string) =>
  JSON.parse(new TextDecoder().decode(fromBase64url(part))) as Record<string, unknown>;

/** Checks a proof's signature against the key in its header, as the API does, and returns its parts. */
async function readProof(proof: string) {
  const [header, payload, signature] = proof.split('.') as [string, string, string];
  const parsedHeader = decodePart(header);
  const key = await crypto.subtle.importKey(
    'jwk',
    parsedHeader.jwk as JsonWebKey,
    { name: 'ECDSA', namedCurve: 'P-256' },
    false,
    ['verify'],
  );
  const valid = await crypto.subtle.verify(
    { name: 'ECDSA', hash: 'SHA-256' },
    key,
    fromBase64url(signature),
    new TextEncoder().encode(`${header}.${payload}`),
  );
  return { valid, header: parsedHeader, payload: decodePart(payload) };
}

const sha256url = async (text: string) =>
  btoa(
    String.fromCharCode(
      ...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))),
    ),
  )
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

const jwtWith = (claims: object) =>
  `${btoa(JSON.stringify({ alg: 'RS256' }))}.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.c2ln`;

let db = 0;
const newPage = (dbName: string, now = () => Date.parse('2026-03-01T10:00:00Z')) =>
  createDpop({ dbName, now, base: () => 'https://exam.example.org/account/user/u-1/quiz/a-1?attempt=t-1' });

describe('the DPoP key of this browser', () => {
  let name: string;
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    name = `dpop-${++db}`;
  });

  it('is made once and found again by every page of the browser', async () => {
    const first = newPage(name);
    const second = newPage(name);
    const [a, b] = await Promise.all([first.thumbprint(), second.thumbprint()]);
    expect(a).toBe(b);
    expect(await newPage(name).thumbprint()).toBe(a);
    expect(await newPage(`${name}-other`).thumbprint()).not.toBe(a);
  });

  it('can sign but never be read', async () => {
    const { keys } = await newPage(name).browserKey();
    expect(keys.privateKey.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('jwk', keys.privateKey)).rejects.toThrow();
    expect(keys.privateKey.algorithm).toMatchObject({ name: 'ECDSA', namedCurve: 'P-256' });
  });

  it('signs proofs for one request: method, URL without query or fragment, time, token hash, unique id', async () => {
    const page = newPage(name);
    const proof = await page.proof('/api/attempts/t-1/answers/q-1?x=1#y', 'put', 'the-token');
    const { valid, header, payload } = await readProof(proof);
    expect(valid).toBe(true);
    expect(header).toMatchObject({ typ: 'dpop+jwt', alg: 'ES256', jwk: { kty: 'EC', crv: 'P-256' } });
    expect((header.jwk as Record<string, unknown>).d).toBeUndefined();
    expect(payload).toMatchObject({
      htm: 'PUT',
      htu: 'https://exam.example.org/api/attempts/t-1/answers/q-1',
      iat: Date.parse('2026-03-01T10:00:00Z') / 1000,
      ath: await sha256url('the-token'),
    });
    const again = await readProof(await page.proof('/api/attempts/t-1/answers/q-1', 'PUT', 'the-token'));
    expect(again.payload.jti).toEqual(expect.any(String));
    expect(again.payload.jti).not.toBe(payload.jti);
    // A proof without a token (the token endpoint's) has no ath.
    expect(
      (await readProof(await page.proof('https://exam.example.org/oidc/token', 'POST'))).payload.ath,
    ).toBeUndefined();
  });

  it("dates its proofs by the server's clock when this browser's is more than a minute off", async () => {
    const local = Date.parse('2026-03-01T10:00:00Z');
    const page = newPage(name, () => local);
    const iat = async () => (await readProof(await page.proof('/api/x', 'GET', 't'))).payload.iat;
    page.noteServerDate('Sun, 01 Mar 2026 10:00:20 GMT');
    expect(await iat()).toBe(local / 1000);
    page.noteServerDate('Sun, 01 Mar 2026 12:30:00 GMT');
    expect(await iat()).toBe(local / 1000 + 9000);
    page.noteServerDate('not a date');
    expect(await iat()).toBe(local / 1000 + 9000);
    page.noteServerDate('Sun, 01 Mar 2026 10:00:01 GMT');
    expect(await iat()).toBe(local / 1000);
  });

  it('authorizes a bound token with the DPoP scheme and a proof, any other token as Bearer', async () => {
    const page = newPage(name);
    const bound = jwtWith({ sub: 'u-1', cnf: { jkt: await page.thumbprint() } });
    const headers = await page.authorizationHeaders(bound, '/api/auth/profile', 'GET');
    expect(headers.Authorization).toBe(`DPoP ${bound}`);
    expect((await readProof(headers.DPoP!)).payload).toMatchObject({
      htm: 'GET',
      ath: await sha256url(bound),
    });

    const plain = jwtWith({ sub: 'u-1' });
    expect(await page.authorizationHeaders(plain, '/api/auth/profile', 'GET')).toEqual({
      Authorization: `Bearer ${plain}`,
    });
    expect(await page.authorizationHeaders('opaque-token', '/api/x', 'GET')).toEqual({
      Authorization: 'Bearer opaque-token',
    });
  });

  it('is what oidc-client-ts binds the tokens to, and outlives a sign-out', async () => {
    const page = newPage(name);
    const store = page.store('vbuilder-web');
    const manager = new UserManager({
      authority: 'https://exam.example.org/oidc',
      client_id: 'vbuilder-web',
      redirect_uri: 'https://exam.example.org/auth/callback',
      dpop: { store, bind_authorization_code: true },
    });
    // The dpop_jkt the library sends with the authorization request is our key's thumbprint.
    expect(await manager.generateDPoPJkt({ store })).toBe(await page.thumbprint());
    expect(await store.getAllKeys()).toContain('vbuilder-web');
    const state = await store.get('vbuilder-web');
    expect(state.keys).toBe((await page.browserKey()).keys);

    // A nonce the provider hands out is kept; a sign-out (remove) forgets it but not the key.
    await store.set('vbuilder-web', { keys: state.keys, nonce: 'n-1' });
    expect((await store.get('vbuilder-web')).nonce).toBe('n-1');
    await store.remove('vbuilder-web');
    expect((await store.get('vbuilder-web')).nonce).toBeUndefined();
    const before = await page.thumbprint();
    expect(await newPage(name).thumbprint()).toBe(before);
  });
});
