import { openDB, type DBSchema } from 'idb';
import type { DPoPState, UserManagerSettings } from 'oidc-client-ts';

/**
 * DPoP (RFC 9449): this browser's tokens are bound to a key pair it keeps and cannot
 * give out. The pair is ECDSA P-256, made once per browser with WebCrypto as non-extractable (the
 * private key can sign here but can never be read, not even by this page's scripts) and kept in
 * IndexedDB, so it survives reloads, offline starts and sign-outs. oidc-client-ts reaches it
 * through the DPoPStore below and proves it to the identity provider, which then binds the access
 * token (cnf.jkt) and the refresh token to it: a token copied out of localStorage is useless
 * anywhere else. Calls to the API carry `Authorization: DPoP <token>` and a fresh proof
 * (`dpopProof`), made here with WebCrypto alone: the API client must not load the identity library.
 */

/** oidc-client-ts's DPoPStore (the package does not export the interface's name). */
type DPoPStore = NonNullable<UserManagerSettings['dpop']>['store'];

interface DpopDb extends DBSchema {
  keys: { key: string; value: { keys: CryptoKeyPair } };
}

export const DPOP_DB_NAME = 'vbuilder-dpop';
const RECORD = 'browser';

/** The public key as the proof's header carries it (RFC 7638's members for EC). */
interface PublicJwk {
  crv: string;
  kty: string;
  x: string;
  y: string;
}

interface BrowserKey {
  keys: CryptoKeyPair;
  jwk: PublicJwk;
}

/** Whether this browser can hold a DPoP key: WebCrypto (secure contexts only) and IndexedDB. */
export function dpopAvailable(): boolean {
  return (
    typeof indexedDB !== 'undefined' &&
    typeof globalThis.crypto?.subtle?.sign === 'function' &&
    typeof globalThis.crypto.randomUUID === 'function'
  );
}

const encoder = new TextEncoder();

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const base64urlJson = (value: unknown) => base64url(encoder.encode(JSON.stringify(value)));

/** The claims of a JWT access token, or null when the token is not a JWT. */
function jwtClaims(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const binary = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const claims: unknown = JSON.parse(
      new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))),
    );
    return typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export interface DpopOptions {
  dbName?: string;
  now?: () => number;
  /** The page's address, for relative URLs. */
  base?: () => string;
}

/** The server's clock minus this browser's, as last seen in this tab (0 when within a minute). */
const SERVER_OFFSET_KEY = 'vbuilder.serverClockOffset';

function storedServerOffset(): number {
  try {
    const stored = Number(globalThis.sessionStorage?.getItem(SERVER_OFFSET_KEY));
    return Number.isFinite(stored) ? stored : 0;
  } catch {
    return 0;
  }
}

function storeServerOffset(offset: number): void {
  try {
    if (offset === 0) globalThis.sessionStorage?.removeItem(SERVER_OFFSET_KEY);
    else globalThis.sessionStorage?.setItem(SERVER_OFFSET_KEY, String(offset));
  } catch {
    // Storage refused: the first proof after a reload is refused once and sent again.
  }
}

export function createDpop({
  dbName = DPOP_DB_NAME,
  now = Date.now,
  base = () => window.location.href,
}: DpopOptions = {}) {
  const db = () =>
    openDB<DpopDb>(dbName, 1, {
      upgrade(database) {
        database.createObjectStore('keys');
      },
    });

  let loading: Promise<BrowserKey> | null = null;
  /** The server's clock minus ours (ms), once it is known to be off by more than a minute. */
  // Kept for the tab (sessionStorage): after a reload the first proof is dated right too.
  let serverOffset = storedServerOffset();

  const describe = async (keys: CryptoKeyPair): Promise<BrowserKey> => {
    // A public key can always be exported, whatever the pair's extractable flag says.
    const { crv, kty, x, y } = await crypto.subtle.exportKey('jwk', keys.publicKey);
    return { keys, jwk: { crv: crv!, kty: kty!, x: x!, y: y! } };
  };

  /** This browser's key pair: the one in IndexedDB, or a new one put there (first come wins). */
  function browserKey(): Promise<BrowserKey> {
    loading ??= (async () => {
      const database = await db();
      try {
        const stored = await database.get('keys', RECORD);
        if (stored) return await describe(stored.keys);
        const made = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, [
          'sign',
          'verify',
        ]);
        // Another tab may have made one meanwhile: one transaction reads and writes, so both keep the same.
        const tx = database.transaction('keys', 'readwrite');
        const raced = await tx.store.get(RECORD);
        if (!raced) await tx.store.put({ keys: made }, RECORD);
        await tx.done;
        return await describe(raced?.keys ?? made);
      } finally {
        database.close();
      }
    })().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  }

  /** Replaces the browser's key pair (only if the identity library brought its own). */
  async function adopt(keys: CryptoKeyPair): Promise<void> {
    const database = await db();
    try {
      await database.put('keys', { keys }, RECORD);
    } finally {
      database.close();
    }
    loading = describe(keys);
  }

  /**
   * oidc-client-ts's DPoPStore over the browser's key: always present for `clientId`, so the
   * library never makes a key of its own. Removing (at sign-out) forgets only the server nonce:
   * the key stays the browser's, so every tab keeps proving the key its tokens are bound to.
   */
  function store(clientId: string): DPoPStore {
    const nonces = new Map<string, string | undefined>();
    const state = async (key: string): Promise<DPoPState> => ({
      keys: (await browserKey()).keys,
      nonce: nonces.get(key),
    });
    return {
      get: state,
      async set(key, value) {
        if (value.keys !== (await browserKey()).keys) await adopt(value.keys);
        nonces.set(key, value.nonce);
      },
      async remove(key) {
        const current = await state(key);
        nonces.delete(key);
        return current;
      },
      getAllKeys: async () => [...new Set([clientId, ...nonces.keys()])],
    };
  }

  let lastToken: { token: string; ath: Promise<string> } | null = null;
  const accessTokenHash = (token: string) => {
    if (lastToken?.token !== token) {
      lastToken = {
        token,
        ath: crypto.subtle
          .digest('SHA-256', encoder.encode(token))
          .then((digest) => base64url(new Uint8Array(digest))),
      };
    }
    return lastToken.ath;
  };

  /**
   * A DPoP proof for one request: `method` on `url` (relative to the page; query and fragment are
   * left out, as RFC 9449 says), with `accessToken`'s hash when the request carries one.
   */
  async function proof(url: string, method: string, accessToken?: string): Promise<string> {
    const { keys, jwk } = await browserKey();
    const htu = new URL(url, base());
    htu.search = '';
    htu.hash = '';
    const header = { typ: 'dpop+jwt', alg: 'ES256', jwk };
    const payload = {
      jti: crypto.randomUUID(),
      htm: method.toUpperCase(),
      htu: htu.href,
      iat: Math.floor((now() + serverOffset) / 1000),
      ...(accessToken ? { ath: await accessTokenHash(accessToken) } : {}),
    };
    const input = `${base64urlJson(header)}.${base64urlJson(payload)}`;
    // WebCrypto's ECDSA signature is r || s, which is what JWS ES256 wants.
    const signature = await crypto.subtle.sign(
      { name: 'ECDSA', hash: 'SHA-256' },
      keys.privateKey,
      encoder.encode(input),
    );
    return `${input}.${base64url(new Uint8Array(signature))}`;
  }

  /**
   * Notes the server's time from a response's Date header. A browser whose clock is more than a
   * minute off dates its proofs by the server's clock instead, so they stay within the API's
   * 5-minute window (the identity provider answers such a browser with a nonce instead).
   */
  function noteServerDate(date: string | null | undefined): void {
    const server = date ? Date.parse(date) : NaN;
    if (Number.isNaN(server)) return;
    const offset = server - now();
    const next = Math.abs(offset) > 60_000 ? offset : 0;
    if (next !== serverOffset) storeServerOffset(next);
    serverOffset = next;
  }

  let lastBound: { token: string; bound: boolean } | null = null;
  /** Whether an access token is bound to a DPoP key (claim cnf.jkt); a non-JWT token is not. */
  function isBound(token: string): boolean {
    if (lastBound?.token !== token) {
      const cnf = jwtClaims(token)?.cnf as { jkt?: unknown } | undefined;
      lastBound = { token, bound: typeof cnf?.jkt === 'string' };
    }
    return lastBound.bound;
  }

  /**
   * The headers that authorize a request with `token`: `DPoP <token>` and a proof for a bound
   * token, `Bearer <token>` for any other (an external provider that does not bind, say).
   */
  async function authorizationHeaders(
    token: string,
    url: string,
    method: string,
  ): Promise<Record<string, string>> {
    if (!isBound(token)) return { Authorization: `Bearer ${token}` };
    return { Authorization: `DPoP ${token}`, DPoP: await proof(url, method, token) };
  }

  /** The key's thumbprint (RFC 7638), as the provider puts it in cnf.jkt. */
  async function thumbprint(): Promise<string> {
    const { jwk } = await browserKey();
    const canonical = JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y });
    return base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(canonical))));
  }

  return { browserKey, store, proof, isBound, authorizationHeaders, thumbprint, noteServerDate };
}

export type Dpop = ReturnType<typeof createDpop>;

let page: Dpop | null = null;
/** The page's DPoP key and proofs (created on first use). */
export function pageDpop(): Dpop {
  page ??= createDpop();
  return page;
}

/** A DPoP proof for `method` on `url` with `accessToken`, signed by this browser's key. */
export const dpopProof = (url: string, method: string, accessToken?: string) =>
  pageDpop().proof(url, method, accessToken);

/** What authorizes an API request with `token` (see Dpop.authorizationHeaders). */
export const authorizationHeaders = (token: string, url: string, method: string) =>
  pageDpop().authorizationHeaders(token, url, method);

/** Notes the server's clock from a response's Date header (see Dpop.noteServerDate). */
export const noteServerDate = (date: string | null | undefined) => pageDpop().noteServerDate(date);
