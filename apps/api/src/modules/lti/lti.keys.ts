import { desc, gt, isNull, or } from 'drizzle-orm';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { DbOrTx } from '../../db/client.ts';
import { ltiToolKeys } from '../../db/schema/index.ts';

/**
 * The tool's own RS256 keys (LTI Security Framework 1.0 §6: the tool signs its client assertions
 * and deep-linking responses, the platform checks them at the tool's key set URL). A key is made
 * on first use; `rotateToolKey` makes a new one the signer and retires the old, which stays in the
 * published set for RETIRED_GRACE_MS so a message signed just before the rotation still verifies.
 * The kid is the key's RFC 7638 thumbprint. Kept apart from the Open Badges issuer keys
 * (certificates' issuer_keys): a different purpose, rotated on its own schedule.
 */
export const RETIRED_GRACE_MS = 60 * 60 * 1000;

async function newKey() {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  return {
    kid,
    publicJwk: { ...publicJwk, kid, alg: 'RS256', use: 'sig' },
    privateJwk: { ...(await exportJWK(privateKey)), kid, alg: 'RS256' },
  };
}

async function activeKey(db: DbOrTx) {
  const [row] = await db
    .select()
    .from(ltiToolKeys)
    .where(isNull(ltiToolKeys.retiredAt))
    .orderBy(desc(ltiToolKeys.createdAt))
    .limit(1);
  return row ?? null;
}

/** The key that signs now, made on first use (two processes racing both insert; the newest signs). */
export async function toolSigningKey(db: DbOrTx) {
  let row = await activeKey(db);
  if (!row) {
    await db.insert(ltiToolKeys).values(await newKey());
    row = (await activeKey(db))!;
  }
  return { kid: row.kid, key: await importJWK(row.privateJwk as JWK, 'RS256') };
}

/** The published key set: unretired keys and those retired within the grace period. */
export async function toolKeySet(db: DbOrTx, now: Date): Promise<{ keys: JWK[] }> {
  await toolSigningKey(db);
  const rows = await db
    .select({ publicJwk: ltiToolKeys.publicJwk })
    .from(ltiToolKeys)
    .where(
      or(
        isNull(ltiToolKeys.retiredAt),
        gt(ltiToolKeys.retiredAt, new Date(now.getTime() - RETIRED_GRACE_MS)),
      ),
    )
    .orderBy(desc(ltiToolKeys.createdAt));
  return { keys: rows.map((r) => r.publicJwk as JWK) };
}

/** A new signing key; every other unretired key is retired now. Returns the new kid. */
export async function rotateToolKey(db: DbOrTx, now: Date): Promise<string> {
  const key = await newKey();
  await db.update(ltiToolKeys).set({ retiredAt: now }).where(isNull(ltiToolKeys.retiredAt));
  await db.insert(ltiToolKeys).values({ ...key, createdAt: now });
  return key.kid;
}
