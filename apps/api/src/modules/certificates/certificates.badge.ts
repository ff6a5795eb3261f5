import { createHash } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import type { DbOrTx } from '../../db/client.ts';
import type { CertificateRow } from '../../db/schema/index.ts';
import { verificationApiUrl, verificationUrl } from './certificates.mapper.ts';
import { findIssuerKey, insertIssuerKey, listIssuerKeys } from './certificates.repository.ts';

/**
 * Open Badges 3.0: every certificate is also an OpenBadgeCredential, a W3C Verifiable
 * Credential, signed as a VC-JWT with the instance's key (ES256, generated on first use and kept
 * in the database). The public halves are published as a JWKS at /api/certificates/issuer-key, so
 * any verifier can check the signature with a plain JOSE library; revocation is read from the
 * credential's status (the public verification answer of its code).
 */

export const BADGE_ALG = 'ES256';
export const OB_CONTEXTS = [
  'https://www.w3.org/ns/credentials/v2',
  'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
] as const;
/** The status type: `id` answers the public verification of the code ({ data: { status } }). */
export const BADGE_STATUS_TYPE = 'VbuilderVerification';
export const BADGE_MEDIA_TYPE = 'application/vc+jwt';

interface SigningKey {
  kid: string;
  key: Awaited<ReturnType<typeof importJWK>>;
}

/** The instance's signing key, generated and stored on first use (the oldest wins a race). */
async function signingKey(db: DbOrTx): Promise<SigningKey> {
  let row = await findIssuerKey(db);
  if (!row) {
    const { publicKey, privateKey } = await generateKeyPair(BADGE_ALG, { extractable: true });
    const publicJwk = { ...(await exportJWK(publicKey)), alg: BADGE_ALG, use: 'sig' };
    const kid = await calculateJwkThumbprint(publicJwk);
    await insertIssuerKey(db, {
      kid,
      alg: BADGE_ALG,
      publicJwk: { ...publicJwk, kid },
      privateJwk: { ...(await exportJWK(privateKey)), alg: BADGE_ALG, kid },
    });
    row = await findIssuerKey(db);
  }
  return { kid: row!.kid, key: await importJWK(row!.privateJwk as JWK, row!.alg) };
}

/** The public keys as a JWKS (RFC 7517); generates the key if none exists yet, so it is never empty. */
export async function issuerJwks(db: DbOrTx): Promise<{ keys: JWK[] }> {
  let rows = await listIssuerKeys(db);
  if (!rows.length) {
    await signingKey(db);
    rows = await listIssuerKeys(db);
  }
  return { keys: rows.map((row) => row.publicJwk as JWK) };
}

/** OB 3.0 IdentityObject: the email hashed with a salt, so the credential names no one in clear. */
export function hashedEmail(email: string, salt: string) {
  return {
    type: 'IdentityObject',
    identityHash: `sha256$${createHash('sha256').update(`${email.trim().toLowerCase()}${salt}`).digest('hex')}`,
    identityType: 'emailAddress',
    hashed: true,
    salt,
  };
}

export interface BadgeInput {
  certificate: CertificateRow;
  holderEmail: string;
  /** The pass mark (%) the achievement required. */
  passMark: number;
  baseUrl: string;
}

/** The unsigned OpenBadgeCredential (JSON-LD). */
export function openBadgeCredential({ certificate: c, holderEmail, passMark, baseUrl }: BadgeInput) {
  const issuer = { id: `urn:uuid:${c.organizationId}`, type: ['Profile'], name: c.organizationName };
  return {
    '@context': [...OB_CONTEXTS],
    id: `urn:uuid:${c.id}`,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: c.assessmentTitle,
    issuer,
    validFrom: c.issuedAt.toISOString(),
    credentialSubject: {
      type: ['AchievementSubject'],
      identifier: [hashedEmail(holderEmail, c.id.replaceAll('-', ''))],
      achievement: {
        id: `urn:uuid:${c.assessmentId}`,
        type: ['Achievement'],
        name: c.assessmentTitle,
        description: c.assessmentTitle,
        criteria: { narrative: `Passed the assessment "${c.assessmentTitle}" with at least ${passMark}%.` },
        creator: issuer,
      },
      ...(c.percentage !== null
        ? {
            result: [
              {
                type: ['Result'],
                value: `${Math.round(c.percentage * 100) / 100}%`,
              },
            ],
          }
        : {}),
    },
    credentialStatus: { id: verificationApiUrl(baseUrl, c.code), type: BADGE_STATUS_TYPE },
    evidence: [{ id: verificationUrl(baseUrl, c.code), type: ['Evidence'], name: 'Verification page' }],
  };
}

/**
 * The credential as a VC-JWT: the credential is the payload (VC-JOSE), with the registered claims
 * OB 3.0 asks for (iss, jti, sub, nbf, iat), signed with the instance key named by `kid`.
 */
export async function signedBadge(db: DbOrTx, input: BadgeInput): Promise<string> {
  const credential = openBadgeCredential(input);
  const { kid, key } = await signingKey(db);
  return new SignJWT(credential)
    .setProtectedHeader({ alg: BADGE_ALG, kid, typ: 'vc+jwt', cty: 'vc' })
    .setIssuer(credential.issuer.id)
    .setJti(credential.id)
    .setSubject(credential.credentialSubject.identifier[0]!.identityHash)
    .setNotBefore(Math.floor(input.certificate.issuedAt.getTime() / 1000))
    .setIssuedAt(Math.floor(input.certificate.issuedAt.getTime() / 1000))
    .sign(key);
}
