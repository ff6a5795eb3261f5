import { createHash } from 'node:crypto';
import {
  calculateJwkThumbprint,
  decodeProtectedHeader,
  importJWK,
  jwtVerify,
  type CryptoKey,
  type JWK,
  type JWTPayload,
  type KeyObject,
} from 'jose';

/**
 * DPoP (RFC 9449) at the API: the SPA's tokens are bound to a key its browser keeps
 * (non-extractable, in IndexedDB), so a token or refresh token copied out of the browser is useless
 * elsewhere. A bound access token (claim cnf.jkt) is accepted only as `Authorization: DPoP <token>`
 * with a `DPoP` proof: a JWT signed by the key whose thumbprint is cnf.jkt, for this method and
 * URL, recent, carrying the token's hash, and not seen before. Tokens issued without DPoP (API
 * clients, the test helpers) stay Bearer tokens.
 *
 * Cost on the hot path (the autosave): one ES256 verification and one SHA-256; the proof's key is
 * imported and thumbprinted once per browser key and kept; no database round trip.
 */

/** The proof algorithms accepted: the identity provider's (oidc-provider's dPoPSigningAlgValues). */
export const DPOP_ALGORITHMS = ['ES256', 'EdDSA', 'Ed25519'];

/**
 * How far a proof's iat may be from the server's clock, either way, in seconds: the identity
 * provider's own window (oidc-provider's CHALLENGE_OK_WINDOW), so a browser whose clock is off by a
 * few minutes can use the API as soon as it could sign in. Replays inside the window are caught by
 * the jti cache.
 */
export const DPOP_IAT_WINDOW_SECONDS = 300;

const MAX_JTI_LENGTH = 256;
/** Beyond this many remembered proofs the oldest are forgotten (memory stays bounded). */
const MAX_SEEN_PROOFS = 500_000;
const MAX_CACHED_KEYS = 10_000;

export class DpopError extends Error {
  /** The RFC 6750 / RFC 9449 error code for WWW-Authenticate. */
  readonly error: 'invalid_token' | 'invalid_dpop_proof';
  constructor(error: DpopError['error'], description: string) {
    super(description);
    this.name = 'DpopError';
    this.error = error;
  }
}

/** The WWW-Authenticate challenge for a refused DPoP request. */
export const dpopChallenge = (err: DpopError) =>
  `DPoP error="${err.error}", error_description="${err.message}", algs="${DPOP_ALGORITHMS.join(' ')}"`;

/** base64url(SHA-256(token)): the proof's `ath`. */
export const accessTokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The URL a proof's htu is compared on: no query, no fragment, normalized by the URL parser. */
function withoutQuery(url: string): string | null {
  const parsed = URL.parse(url);
  if (!parsed) return null;
  parsed.search = '';
  parsed.hash = '';
  return parsed.href;
}

/**
 * Proofs seen in the last window, per instance (an in-memory map, insertion ordered so the
 * expired ones are swept from its front).
 */
export class ReplayCache {
  private readonly seen = new Map<string, number>();
  private readonly max: number;
  constructor(max = MAX_SEEN_PROOFS) {
    this.max = max;
  }

  /** true the first time `id` is offered before `expiresAt` (epoch seconds), false after. */
  firstUse(id: string, expiresAt: number, now: number): boolean {
    for (const [key, expiry] of this.seen) {
      if (expiry > now && this.seen.size < this.max) break;
      this.seen.delete(key);
    }
    const known = this.seen.get(id);
    if (known !== undefined && known > now) return false;
    this.seen.set(id, expiresAt);
    return true;
  }

  get size() {
    return this.seen.size;
  }
}

interface ProofKey {
  key: CryptoKey | KeyObject;
  thumbprint: string;
}

export interface DpopVerifierOptions {
  /** Origins (scheme://host[:port]) the browser may have called the API at, besides the request's own. */
  origins: () => string[];
  now?: () => number;
  replay?: ReplayCache;
}

export interface DpopRequest {
  method: string;
  /** The request target as received (path and query). */
  url: string;
  /** The origin the request reached us at, as Fastify reads it (TRUST_PROXY decides the headers). */
  origin: string;
  proof: string | string[] | undefined;
}

/** Checks DPoP proofs for bound access tokens; throws DpopError when one does not hold. */
export function createDpopVerifier({
  origins,
  now = Date.now,
  replay = new ReplayCache(),
}: DpopVerifierOptions) {
  const keys = new Map<string, Promise<ProofKey>>();

  function proofKey(jwk: JWK, alg: string): Promise<ProofKey> {
    const id = `${alg}|${jwk.kty}|${jwk.crv}|${jwk.x}|${jwk.y ?? ''}`;
    let entry = keys.get(id);
    if (!entry) {
      if (keys.size >= MAX_CACHED_KEYS) keys.clear();
      entry = (async () => {
        const publicJwk: JWK = { kty: jwk.kty, crv: jwk.crv, x: jwk.x, ...(jwk.y ? { y: jwk.y } : {}) };
        const key = await importJWK(publicJwk, alg);
        if (key instanceof Uint8Array)
          throw new DpopError('invalid_dpop_proof', 'the proof key is not asymmetric');
        return { key, thumbprint: await calculateJwkThumbprint(publicJwk) };
      })();
      entry.catch(() => keys.delete(id));
      keys.set(id, entry);
    }
    return entry;
  }

  /** Verifies `proof` for the bound token `token` (thumbprint `jkt`) used on `request`. */
  async function verify(token: string, jkt: string, request: DpopRequest): Promise<void> {
    const { proof } = request;
    if (typeof proof !== 'string' || !proof || proof.includes(',')) {
      throw new DpopError('invalid_dpop_proof', 'exactly one DPoP proof is required');
    }
    let header;
    try {
      header = decodeProtectedHeader(proof);
    } catch {
      throw new DpopError('invalid_dpop_proof', 'the DPoP proof is not a JWT');
    }
    const { alg, jwk } = header;
    if (
      typeof alg !== 'string' ||
      !DPOP_ALGORITHMS.includes(alg) ||
      typeof jwk !== 'object' ||
      jwk === null ||
      'd' in jwk ||
      typeof jwk.x !== 'string'
    ) {
      throw new DpopError(
        'invalid_dpop_proof',
        'the DPoP proof needs an asymmetric algorithm and a public jwk',
      );
    }
    let payload;
    let thumbprint: string;
    try {
      const key = await proofKey(jwk, alg);
      thumbprint = key.thumbprint;
      ({ payload } = await jwtVerify(proof, key.key, { typ: 'dpop+jwt', algorithms: DPOP_ALGORITHMS }));
    } catch (err) {
      if (err instanceof DpopError) throw err;
      throw new DpopError('invalid_dpop_proof', 'the DPoP proof signature or type is invalid');
    }
    if (thumbprint !== jkt) throw new DpopError('invalid_token', 'the token is bound to another key');

    const nowSeconds = Math.floor(now() / 1000);
    const { iat, jti, htm, htu, ath } = payload as Record<string, unknown>;
    if (typeof iat !== 'number' || Math.abs(nowSeconds - iat) > DPOP_IAT_WINDOW_SECONDS) {
      throw new DpopError('invalid_dpop_proof', 'the DPoP proof is not recent');
    }
    if (typeof jti !== 'string' || !jti || jti.length > MAX_JTI_LENGTH) {
      throw new DpopError('invalid_dpop_proof', 'the DPoP proof needs a jti');
    }
    if (htm !== request.method)
      throw new DpopError('invalid_dpop_proof', 'the DPoP proof is for another method');
    const used = typeof htu === 'string' ? withoutQuery(htu) : null;
    const path = request.url.split(/[?#]/, 1)[0]!;
    const expected = [request.origin, ...origins()].map((origin) => withoutQuery(`${origin}${path}`));
    if (!used || !expected.includes(used)) {
      throw new DpopError('invalid_dpop_proof', 'the DPoP proof is for another URL');
    }
    if (ath !== accessTokenHash(token)) {
      throw new DpopError('invalid_dpop_proof', 'the DPoP proof is for another token');
    }
    if (!replay.firstUse(`${jkt}:${jti}`, iat + DPOP_IAT_WINDOW_SECONDS, nowSeconds)) {
      throw new DpopError('invalid_dpop_proof', 'the DPoP proof was already used');
    }
  }

  return { verify };
}

/** The thumbprint an access token is bound to (claim cnf.jkt), or null for a Bearer token. */
export function boundThumbprint(payload: JWTPayload): string | null {
  const cnf = payload.cnf as { jkt?: unknown } | undefined;
  return typeof cnf?.jkt === 'string' ? cnf.jkt : null;
}
