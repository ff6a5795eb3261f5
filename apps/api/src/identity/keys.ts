import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { Db } from '../db/client.ts';
import { appSecrets } from '../db/schema/index.ts';

export interface IdentitySecrets {
  /** Private signing keys (JWK, RS256) for the embedded provider; the first signs. */
  jwks: { keys: JWK[] };
  /** Keys that sign the provider's cookies. */
  cookieKeys: string[];
}

const NAME = 'identity';

async function createSecrets(): Promise<IdentitySecrets> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  jwk.kid = randomBytes(8).toString('hex');
  jwk.alg = 'RS256';
  jwk.use = 'sig';
  return { jwks: { keys: [jwk] }, cookieKeys: [randomBytes(32).toString('base64url')] };
}

/**
 * Loads the identity secrets from the database, creating them on first start. The insert is
 * "on conflict do nothing" followed by a read, so two processes starting at once agree on one set.
 */
export async function loadIdentitySecrets(db: Db): Promise<IdentitySecrets> {
  const existing = await db.select().from(appSecrets).where(eq(appSecrets.name, NAME)).limit(1);
  if (existing[0]) return existing[0].value as IdentitySecrets;
  await db
    .insert(appSecrets)
    .values({ name: NAME, value: await createSecrets() })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, NAME)).limit(1);
  return row!.value as IdentitySecrets;
}

/** The public half of the signing keys, as published at the provider's jwks_uri. */
export function publicJwks(secrets: IdentitySecrets): { keys: JWK[] } {
  return {
    keys: secrets.jwks.keys.map(({ kty, n, e, kid, alg, use, crv, x, y }) =>
      Object.fromEntries(
        Object.entries({ kty, n, e, kid, alg, use, crv, x, y }).filter(([, v]) => v !== undefined),
      ),
    ),
  };
}

export const importSigningKey = async (secrets: IdentitySecrets) => {
  const jwk = secrets.jwks.keys[0]!;
  return { key: await importJWK(jwk, jwk.alg ?? 'RS256'), kid: jwk.kid!, alg: jwk.alg ?? 'RS256' };
};
