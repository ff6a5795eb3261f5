import { createHash } from 'node:crypto';
import { SignJWT, type JWK } from 'jose';
import type { DbOrTx } from '../../db/client.ts';
import type { CertificateRow } from '../../db/schema/index.ts';
import {
  BADGE_ALG,
  issuerDid,
  issuerProfileUrl,
  publicKeys,
  signingKey,
  statusListEntry,
  VC_CONTEXT,
  VC_JWT_MEDIA_TYPE,
  verificationMethodId,
} from './certificates.issuer.ts';
import { verificationUrl } from './certificates.mapper.ts';

/**
 * Open Badges 3.0: every certificate is also an OpenBadgeCredential, a W3C Verifiable
 * Credential (Data Model 2.0), signed as a VC-JWT by its organization's `did:web` issuer with the
 * instance's key (certificates.issuer.ts): the header's `kid` is the DID URL of the verification
 * method, so a verifier resolves the DID document and checks the signature; `credentialStatus`
 * is the certificate's bit in the organization's Bitstring Status List.
 */

export const OB_CONTEXTS = [
  VC_CONTEXT,
  'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
] as const;
export const BADGE_MEDIA_TYPE = VC_JWT_MEDIA_TYPE;

/** The public keys as a JWKS (RFC 7517), for plain JOSE libraries. */
export async function issuerJwks(db: DbOrTx): Promise<{ keys: JWK[] }> {
  return { keys: await publicKeys(db) };
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
  // OB 3.0 Profile: the organization as it was named on the day, its id the DID that signs.
  const issuer = {
    id: issuerDid(baseUrl, c.organizationId),
    type: ['Profile'],
    name: c.organizationName,
    url: issuerProfileUrl(baseUrl),
  };
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
    credentialStatus: statusListEntry(baseUrl, c.organizationId, c.statusIndex),
    evidence: [{ id: verificationUrl(baseUrl, c.code), type: ['Evidence'], name: 'Verification page' }],
  };
}

/**
 * The credential as a VC-JWT: the credential is the payload (VC-JOSE), with the registered claims
 * OB 3.0 asks for (iss = the issuer's DID, jti, sub, nbf, iat), signed with the instance key
 * named by `kid` = the DID URL of its verification method.
 */
export async function signedBadge(db: DbOrTx, input: BadgeInput): Promise<string> {
  const credential = openBadgeCredential(input);
  const { kid, key } = await signingKey(db);
  return new SignJWT(credential)
    .setProtectedHeader({
      alg: BADGE_ALG,
      kid: verificationMethodId(credential.issuer.id, kid),
      typ: 'vc+jwt',
      cty: 'vc',
    })
    .setIssuer(credential.issuer.id)
    .setJti(credential.id)
    .setSubject(credential.credentialSubject.identifier[0]!.identityHash)
    .setNotBefore(Math.floor(input.certificate.issuedAt.getTime() / 1000))
    .setIssuedAt(Math.floor(input.certificate.issuedAt.getTime() / 1000))
    .sign(key);
}
