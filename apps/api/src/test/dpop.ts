import { randomUUID } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { accessTokenHash } from '../identity/dpop.ts';

/** A browser's DPoP key, as the SPA keeps one (identity/dpop.ts, RFC 9449): ES256 unless told. */
export interface TestDpopKey {
  alg: string;
  jwk: JWK;
  privateKey: CryptoKey;
  /** The JWK thumbprint a bound token carries as cnf.jkt. */
  jkt: string;
}

export async function dpopKey(alg = 'ES256'): Promise<TestDpopKey> {
  const { publicKey, privateKey } = await generateKeyPair(alg);
  const jwk = await exportJWK(publicKey);
  return { alg, jwk, privateKey, jkt: await calculateJwkThumbprint(jwk) };
}

export interface ProofOptions {
  method: string;
  /** The absolute URL the proof is for (htu). */
  url: string;
  accessToken?: string;
  /** Epoch seconds; now unless told. */
  iat?: number;
  jti?: string;
  typ?: string;
  /** Claims to put in or leave out (undefined removes one). */
  claims?: Record<string, unknown>;
}

/** A DPoP proof JWT signed by `key`. */
export function dpopProof(key: TestDpopKey, options: ProofOptions): Promise<string> {
  const payload: Record<string, unknown> = {
    htm: options.method,
    htu: options.url,
    iat: options.iat ?? Math.floor(Date.now() / 1000),
    jti: options.jti ?? randomUUID(),
    ...(options.accessToken ? { ath: accessTokenHash(options.accessToken) } : {}),
    ...options.claims,
  };
  for (const [name, value] of Object.entries(payload)) if (value === undefined) delete payload[name];
  return new SignJWT(payload)
    .setProtectedHeader({ alg: key.alg, typ: options.typ ?? 'dpop+jwt', jwk: key.jwk })
    .sign(key.privateKey);
}

/** The headers of an API call with a DPoP-bound token: `Authorization: DPoP …` and its proof. */
export async function dpopHeaders(
  key: TestDpopKey,
  token: string,
  method: string,
  url: string,
  options: Partial<ProofOptions> = {},
): Promise<Record<string, string>> {
  return {
    authorization: `DPoP ${token}`,
    dpop: await dpopProof(key, { method, url, accessToken: token, ...options }),
  };
}
