import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK, type JWTPayload } from 'jose';

/** One RSA signing key of the platform, with the `kid` its key set names it by. */
export interface PlatformKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

export async function newPlatformKey(): Promise<PlatformKey> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomBytes(8).toString('hex');
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  return { kid, privateKey, publicJwk };
}

/**
 * The platform's key ring (LTI Security Framework 1.0 §6.3: the platform publishes its public
 * keys as a JWK Set and may rotate them). Rotation puts a new key (new `kid`) in place and takes
 * the old one out of the published set; the old private key is kept here only so that a test
 * can sign with a key the platform no longer publishes.
 */
export class KeyRing {
  current!: PlatformKey;
  retired: PlatformKey[] = [];

  static async create(): Promise<KeyRing> {
    const ring = new KeyRing();
    ring.current = await newPlatformKey();
    return ring;
  }

  async rotate(): Promise<{ oldKid: string; newKid: string }> {
    const old = this.current;
    this.current = await newPlatformKey();
    this.retired.push(old);
    return { oldKid: old.kid, newKid: this.current.kid };
  }

  jwks(): { keys: JWK[] } {
    return { keys: [this.current.publicJwk] };
  }

  /** Signs a JWT (RS256) with the current key, or with `key` (e.g. a retired one). */
  sign(payload: JWTPayload, key: PlatformKey = this.current, typ = 'JWT'): Promise<string> {
    return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid: key.kid, typ }).sign(key.privateKey);
  }
}

/** An unsecured JWT (RFC 7519 §6: `alg: none`, empty signature), which a tool must refuse. */
export function unsignedJwt(payload: JWTPayload): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(payload)}.`;
}
