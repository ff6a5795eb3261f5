import { gzipSync } from 'node:zlib';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import type { DbOrTx } from '../../db/client.ts';
import {
  findIssuerKey,
  insertIssuerKey,
  listIssuerKeys,
  listRevokedStatusIndexes,
} from './certificates.repository.ts';

/**
 * Who signs an organization's credentials, and how anyone checks them without asking us for
 * anything but public documents (docs/product/certificates.md, "How anyone verifies one"):
 *
 * - The issuer is the organization as a `did:web` DID (W3C did:web method):
 *   `did:web:<host>[%3A<port>][:<path>]:orgs:<organizationId>`, resolved by the DID document at
 *   `<PUBLIC_URL>/orgs/<organizationId>/did.json`, which lists every key in `issuer_keys` as a
 *   JsonWebKey2020 verification method (P-256), so a key added for a rotation is listed from the
 *   day it exists. Credentials name their key by `kid` = `<did>#<JWK thumbprint>`.
 * - Revocation is a W3C Bitstring Status List v1.0: each certificate has a global `status_index`
 *   (one sequence); list k of an organization holds bits k·131072 … (k+1)·131072−1, the bit set
 *   when that organization's certificate with that index is revoked. The list is a
 *   BitstringStatusListCredential, a VC-JWT signed by the same issuer, built when asked.
 */

export const BADGE_ALG = 'ES256';
export const VC_CONTEXT = 'https://www.w3.org/ns/credentials/v2';
/** VC-JOSE-COSE: a credential secured as a JWT. */
export const VC_JWT_MEDIA_TYPE = 'application/vc+jwt';
/** Bits per status list: the spec's minimum (16 KB), for group privacy. */
export const STATUS_LIST_BITS = 131_072;
/** How long a verifier may keep a status list (ms): the spec's `ttl`, and the answer's max-age. */
export const STATUS_LIST_TTL_MS = 5 * 60 * 1000;
/** Lists an organization may have: the status index is a PostgreSQL integer (serial). */
export const STATUS_LIST_COUNT = Math.ceil(2 ** 31 / STATUS_LIST_BITS);

// ---------------------------------------------------------------------------------------------
// Keys

interface SigningKey {
  kid: string;
  key: Awaited<ReturnType<typeof importJWK>>;
}

/** The instance's signing key, generated and stored on first use (the oldest wins a race). */
export async function signingKey(db: DbOrTx): Promise<SigningKey> {
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

/** Every key's public half (RFC 7517); generates the key if none exists yet, so it is never empty. */
export async function publicKeys(db: DbOrTx): Promise<JWK[]> {
  let rows = await listIssuerKeys(db);
  if (!rows.length) {
    await signingKey(db);
    rows = await listIssuerKeys(db);
  }
  return rows.map((row) => row.publicJwk as JWK);
}

// ---------------------------------------------------------------------------------------------
// did:web

/** The organization's DID: `did:web:` + host (port as %3A) + path segments + `:orgs:<id>`. */
export function issuerDid(baseUrl: string, organizationId: string): string {
  const url = new URL(baseUrl);
  const host = url.port ? `${url.hostname}%3A${url.port}` : url.hostname;
  const path = url.pathname.split('/').filter(Boolean).map(encodeURIComponent);
  return ['did', 'web', host, ...path, 'orgs', organizationId].join(':');
}

/** Where the DID resolves (did:web: the path with `/did.json`), on this instance. */
export const issuerDocumentUrl = (baseUrl: string, organizationId: string) =>
  `${baseUrl}/orgs/${organizationId}/did.json`;

/** The organization's public page the Open Badges Profile names as its `url`. */
export const issuerProfileUrl = (baseUrl: string) => baseUrl;

export const verificationMethodId = (did: string, kid: string) => `${did}#${kid}`;

/** The DID document (DID Core 1.0): every instance key as a JsonWebKey2020 assertion method. */
export async function didDocument(db: DbOrTx, baseUrl: string, organizationId: string) {
  const did = issuerDid(baseUrl, organizationId);
  const methods = (await publicKeys(db)).map((jwk) => ({
    id: verificationMethodId(did, String(jwk.kid)),
    type: 'JsonWebKey2020',
    controller: did,
    publicKeyJwk: { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y },
  }));
  return {
    '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/suites/jws-2020/v1'],
    id: did,
    verificationMethod: methods,
    assertionMethod: methods.map((m) => m.id),
  };
}

// ---------------------------------------------------------------------------------------------
// Bitstring Status List

export const statusListUrl = (baseUrl: string, organizationId: string, list: number) =>
  `${baseUrl}/orgs/${organizationId}/status/${list}`;

/** The credential's `credentialStatus` for a certificate's status index. */
export function statusListEntry(baseUrl: string, organizationId: string, statusIndex: number) {
  const list = Math.floor(statusIndex / STATUS_LIST_BITS);
  const index = statusIndex % STATUS_LIST_BITS;
  const credential = statusListUrl(baseUrl, organizationId, list);
  return {
    id: `${credential}#${index}`,
    type: 'BitstringStatusListEntry',
    statusPurpose: 'revocation',
    statusListIndex: String(index),
    statusListCredential: credential,
  };
}

/**
 * The spec's `encodedList`: the bitstring (index 0 = the most significant bit of the first
 * byte), GZIP-compressed, as multibase base64url without padding (prefix `u`).
 */
export function encodeStatusList(setBits: Iterable<number>, bits = STATUS_LIST_BITS): string {
  const bytes = new Uint8Array(bits / 8);
  for (const bit of setBits) bytes[bit >> 3]! |= 0x80 >> (bit & 7);
  return `u${gzipSync(bytes).toString('base64url')}`;
}

/** List `list` of the organization as a signed BitstringStatusListCredential (VC-JWT). */
export async function signedStatusList(
  db: DbOrTx,
  baseUrl: string,
  organizationId: string,
  list: number,
  now: Date,
): Promise<string> {
  const from = list * STATUS_LIST_BITS;
  const revoked = await listRevokedStatusIndexes(db, organizationId, from, from + STATUS_LIST_BITS);
  const id = statusListUrl(baseUrl, organizationId, list);
  const did = issuerDid(baseUrl, organizationId);
  const credential = {
    '@context': [VC_CONTEXT],
    id,
    type: ['VerifiableCredential', 'BitstringStatusListCredential'],
    issuer: did,
    validFrom: now.toISOString(),
    credentialSubject: {
      id: `${id}#list`,
      type: 'BitstringStatusList',
      statusPurpose: 'revocation',
      encodedList: encodeStatusList(revoked.map((index) => index - from)),
      ttl: STATUS_LIST_TTL_MS,
    },
  };
  const { kid, key } = await signingKey(db);
  return new SignJWT(credential)
    .setProtectedHeader({ alg: BADGE_ALG, kid: verificationMethodId(did, kid), typ: 'vc+jwt', cty: 'vc' })
    .setIssuer(did)
    .setJti(id)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .sign(key);
}
