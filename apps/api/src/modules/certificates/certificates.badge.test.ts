import type { ClientRequestArgs } from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import { crc32, gunzipSync } from 'node:zlib';
import { verifyCredential } from 'did-jwt-vc';
import { Resolver, type ResolverRegistry } from 'did-resolver';
import { calculateJwkThumbprint, decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair } from 'jose';
import { PNG } from 'pngjs';
import { getResolver } from 'web-did-resolver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GiveCertificatesResponseSchema, type Certificate, type Role } from '@vbuilder/shared';
import { issuerKeys, type UserRow } from '../../db/schema/index.ts';
import { isServerPath } from '../../plugins/spa.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { bearer, makeOrganization, makeUser, tokenFor } from '../../test/sign-in.ts';
import { questionOf } from '../attempts/test-fixtures.ts';
import { makeAssessment, submitAttempt } from '../submissions/test-fixtures.ts';

/**
 * An Open Badge checked as a stranger would, with libraries that are not ours and written from
 * the specifications:
 *
 * - the signature and the issuer by did-jwt-vc with did-resolver and web-did-resolver (DIF),
 *   which turn `did:web:badges.vbuilder.test:orgs:<id>` into
 *   `https://badges.vbuilder.test/orgs/<id>/did.json`, fetch it and pick the key;
 * - the revocation by decoding the Bitstring Status List ourselves, per W3C Bitstring Status List
 *   v1.0 (multibase base64url → GZIP → bit at the index, the most significant bit first);
 * - the baked PNG by walking its chunks per the PNG specification (CRCs checked) to the
 *   `openbadgecredential` iTXt chunk of Open Badges 3.0 baking, and decoding the image with pngjs.
 *
 * The app runs with PUBLIC_URL https://badges.vbuilder.test and listens on loopback over plain
 * HTTP. web-did-resolver fetches with https:// and offers no fetch of its own to pass in; so,
 * while these tests run, Node's default HTTPS agent is one that connects requests for that host
 * to the loopback server (and refuses any other host): the resolver's request, path and answer
 * are real; only TLS is left out.
 */

const HOST = 'badges.vbuilder.test';
let t: TestApp;
let address: URL;
const originalAgent = https.globalAgent;

class LoopbackAgent extends https.Agent {
  override createConnection(options: ClientRequestArgs): Duplex {
    if (options.host !== HOST) throw new Error(`Only ${HOST} is served here, not ${options.host}`);
    return net.connect({ host: address.hostname, port: Number(address.port) });
  }
}

const TF = questionOf('true-false', 'q1');
const RIGHT = (TF.config as { correct: boolean }).correct;

let orgId: string;
let admin: Record<string, string>;
let holders: { user: UserRow; headers: Record<string, string> }[];
let certificates: Certificate[];

const as = async (role: Role, organizationId: string, name: string) => {
  const user = await makeUser(t.app, role, organizationId, { name });
  return { user, headers: bearer(await tokenFor(t.app, user)) };
};

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: `https://${HOST}` });
  orgId = (await makeOrganization(t.app, 'Badge Academy')).id;
  admin = (await as('Administrator', orgId, 'Grace Hopper')).headers;
  holders = [await as('Student', orgId, 'Ada Lovelace'), await as('Student', orgId, 'Alan Turing')];
  const quiz = await makeAssessment(t.app, orgId, {
    title: 'Algebra basics',
    questions: [TF],
    totalMarks: 1,
  });
  for (const h of holders) await submitAttempt(t.app, quiz, h.user.id, { q1: RIGHT });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/certificates',
    headers: admin,
    payload: { assessmentId: quiz.id, studentIds: holders.map((h) => h.user.id) },
  });
  certificates = GiveCertificatesResponseSchema.parse(res.json()).data;
  address = new URL(await t.app.listen({ host: '127.0.0.1', port: 0 }));
  https.globalAgent = new LoopbackAgent({ keepAlive: false });
});
afterAll(async () => {
  https.globalAgent = originalAgent;
  await t.close();
});

// did-jwt-vc, did-resolver and web-did-resolver each bring their own copy of did-resolver's types
// (4.x and 6.x, the same shape at run time): the casts only join them.
const resolver = new Resolver(getResolver() as unknown as ResolverRegistry) as unknown as Parameters<
  typeof verifyCredential
>[1];
const did = () => `did:web:${HOST}:orgs:${orgId}`;
const holderOf = (c: Certificate) => holders.find((h) => h.user.id === c.holder.id)!;
const download = (c: Certificate, suffix: string) =>
  t.app.inject({ method: 'GET', url: `/api/certificates/${c.id}/${suffix}`, headers: holderOf(c).headers });
/** The generic verifier: did-jwt-vc, the key from the issuer's DID document, as an assertion method. */
const verify = (jwt: string) =>
  // format: false — did-jwt-vc's own shape checks are VC Data Model 1.1's (its `vc` claim and
  // 2018 context); ours is a VC 2.0 credential as the JWT's payload (VC-JOSE), checked below.
  verifyCredential(jwt, resolver, { proofPurpose: 'assertionMethod', policies: { format: false } });

/** A public address of the app, asked on loopback. */
const fetchPublic = (url: string) => {
  const { pathname, host } = new URL(url);
  expect(host).toBe(HOST);
  return fetch(new URL(pathname, address));
};

/** The bit at `index` of a status list credential's encodedList, decoded per the specification. */
function statusBit(encodedList: string, index: number) {
  expect(encodedList.startsWith('u')).toBe(true);
  const bitstring = gunzipSync(Buffer.from(encodedList.slice(1), 'base64url'));
  expect(bitstring.length * 8).toBeGreaterThanOrEqual(131_072);
  return (bitstring[Math.floor(index / 8)]! >> (7 - (index % 8))) & 1;
}

async function statusOf(jwt: string) {
  const status = decodeJwt(jwt).credentialStatus as {
    type: string;
    statusPurpose: string;
    statusListIndex: string;
    statusListCredential: string;
  };
  const res = await fetchPublic(status.statusListCredential);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/vc+jwt');
  const list = await res.text();
  const verified = await verify(list);
  expect(verified.issuer).toBe(did());
  const subject = decodeJwt(list).credentialSubject as {
    type: string;
    statusPurpose: string;
    encodedList: string;
  };
  expect(decodeJwt(list).type).toEqual(['VerifiableCredential', 'BitstringStatusListCredential']);
  expect(subject).toMatchObject({ type: 'BitstringStatusList', statusPurpose: 'revocation', ttl: 300_000 });
  return statusBit(subject.encodedList, Number(status.statusListIndex));
}

describe('an Open Badge checked by an independent verifier', () => {
  it('verifies with did-jwt-vc through the did:web DID document, and not after one byte changes', async () => {
    const res = await download(certificates[0]!, 'badge');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="Algebra basics-badge.jwt"');
    const jwt = res.body;
    const verified = await verify(jwt);
    expect(verified.issuer).toBe(did());
    expect(verified.signer.id).toBe(decodeProtectedHeader(jwt).kid);
    expect(verified.payload).toMatchObject({
      '@context': ['https://www.w3.org/ns/credentials/v2', expect.stringContaining('/ob/v3p0/')],
      type: ['VerifiableCredential', 'OpenBadgeCredential'],
      issuer: { id: did(), type: ['Profile'], name: 'Badge Academy', url: `https://${HOST}` },
      credentialStatus: { type: 'BitstringStatusListEntry', statusPurpose: 'revocation' },
    });

    const [head, body, signature] = jwt.split('.');
    const bytes = Buffer.from(body!, 'base64url');
    bytes[bytes.indexOf('Algebra')] = 'a'.charCodeAt(0);
    await expect(verify(`${head}.${bytes.toString('base64url')}.${signature}`)).rejects.toThrow(
      /invalid_signature/,
    );
  });

  it('shows a revocation in the status list it points at, bit by bit', async () => {
    const [first, second] = await Promise.all(
      certificates.map(async (c) => (await download(c, 'badge')).body),
    );
    const indexes = [first!, second!].map(
      (jwt) => (decodeJwt(jwt).credentialStatus as { statusListIndex: string }).statusListIndex,
    );
    expect(new Set(indexes).size).toBe(2);
    expect(await statusOf(first!)).toBe(0);
    expect(await statusOf(second!)).toBe(0);

    const revoked = await t.app.inject({
      method: 'POST',
      url: `/api/certificates/${certificates[1]!.id}/revoke`,
      headers: admin,
      payload: { reason: 'Copied answers' },
    });
    expect(revoked.statusCode).toBe(200);
    expect(await statusOf(second!)).toBe(1);
    expect(await statusOf(first!)).toBe(0);
    // The credential's signature still holds: revocation is the status list's to say.
    await expect(verify(second!)).resolves.toBeTruthy();
  });

  it('is baked into a PNG whose openbadgecredential iTXt chunk verifies', async () => {
    const res = await download(certificates[0]!, 'badge.png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toContain('filename="Algebra basics-badge.png"');
    const png = res.rawPayload;
    const image = PNG.sync.read(png);
    expect([image.width, image.height]).toEqual([512, 512]);

    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const texts: { keyword: string; compressed: number; text: string }[] = [];
    for (let at = 8; at < png.length;) {
      const length = png.readUInt32BE(at);
      const typeAndData = png.subarray(at + 4, at + 8 + length);
      expect(png.readUInt32BE(at + 8 + length)).toBe(crc32(typeAndData));
      if (typeAndData.toString('latin1', 0, 4) === 'iTXt') {
        // keyword \0 compression-flag compression-method language \0 translated-keyword \0 text
        const data = typeAndData.subarray(4);
        const k = data.indexOf(0);
        const language = data.indexOf(0, k + 3);
        const translated = data.indexOf(0, language + 1);
        texts.push({
          keyword: data.toString('latin1', 0, k),
          compressed: data[k + 1]!,
          text: data.toString('utf8', translated + 1),
        });
      }
      at += 12 + length;
    }
    const baked = texts.filter((c) => c.keyword === 'openbadgecredential');
    expect(baked).toHaveLength(1);
    expect(baked[0]!.compressed).toBe(0);
    const verified = await verify(baked[0]!.text);
    expect(verified.payload.jti).toBe(`urn:uuid:${certificates[0]!.id}`);
  });

  it('lists every key in the DID document, so a badge signed before a new key still verifies', async () => {
    const jwt = (await download(certificates[0]!, 'badge')).body;
    const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
    const publicJwk = { ...(await exportJWK(publicKey)), alg: 'ES256' };
    const kid = await calculateJwkThumbprint(publicJwk);
    await t.app.db.insert(issuerKeys).values({
      kid,
      alg: 'ES256',
      publicJwk: { ...publicJwk, kid },
      privateJwk: { ...(await exportJWK(privateKey)), kid },
      createdAt: new Date(Date.now() + 60_000),
    });
    const document = (await (await fetchPublic(`https://${HOST}/orgs/${orgId}/did.json`)).json()) as {
      verificationMethod: { id: string }[];
      assertionMethod: string[];
    };
    expect(document.assertionMethod).toHaveLength(2);
    expect(document.assertionMethod).toContain(`${did()}#${kid}`);
    await expect(verify(jwt)).resolves.toBeTruthy();
  });
});

describe('the public issuer routes', () => {
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('serve the DID document to anyone, cacheable, readable from any site', async () => {
    const res = await get(`/orgs/${orgId}/did.json`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/did+ld+json');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const document = res.json() as {
      id: string;
      verificationMethod: { publicKeyJwk: Record<string, unknown> }[];
    };
    expect(document.id).toBe(did());
    for (const method of document.verificationMethod) {
      expect(method.publicKeyJwk).toMatchObject({ kty: 'EC', crv: 'P-256' });
      expect(method.publicKeyJwk).not.toHaveProperty('d');
    }
  });

  it('serve status lists for a short while in caches', async () => {
    const res = await get(`/orgs/${orgId}/status/0`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it('answer 404 for an organization that does not exist and 400 for a malformed address', async () => {
    const missing = crypto.randomUUID();
    for (const url of [`/orgs/${missing}/did.json`, `/orgs/${missing}/status/0`]) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found' });
    }
    for (const url of ['/orgs/nope/did.json', `/orgs/${orgId}/status/-1`, `/orgs/${orgId}/status/x`]) {
      expect((await get(url)).statusCode).toBe(400);
    }
    expect((await get(`/orgs/${orgId}/status/99999999`)).statusCode).toBe(400);
    // The web app's history fallback leaves these addresses to the server.
    expect(isServerPath(`/orgs/${orgId}/did.json`)).toBe(true);
  });

  it('keep the PNG to the holder and the organization’s Administrators', async () => {
    const url = `/api/certificates/${certificates[0]!.id}/badge.png`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const other = await as('Student', orgId, 'Someone Else');
    expect((await t.app.inject({ method: 'GET', url, headers: other.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url, headers: admin })).statusCode).toBe(200);
  });
});
