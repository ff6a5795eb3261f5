import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AssessmentResourceSchema, PLANS, ProfileEnvelopeSchema } from '@vbuilder/shared';
import { startS3Server, type S3TestServer } from '../../../../test-support/s3-server.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { openTestDatabase } from '../test/build-test-app.ts';
import { makeOrganization, signInAs } from '../test/sign-in.ts';
import { createAssessmentAs } from '../modules/assessments/test-helpers.ts';
import { recordPlan } from '../modules/plans/plans.service.ts';

// 1×1 pixel images, real enough for the type detection.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

const fileUpload = (field: string, bytes: Buffer, type: string) => {
  const boundary = 'vbuilder-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="upload"\r\n` +
        `Content-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

/**
 * Two API instances on one database and one S3 bucket, each with a DATA_DIR of its own (as on two
 * machines): a file uploaded through one is served by the other.
 */
describe('uploaded files shared by instances through S3', () => {
  let s3: S3TestServer;
  let database: Database;
  const dataDirs: string[] = [];
  const instances: FastifyInstance[] = [];
  beforeAll(async () => {
    [s3, database] = await Promise.all([startS3Server(), openTestDatabase()]);
    for (let i = 0; i < 2; i++) {
      const dataDir = await mkdtemp(path.join(tmpdir(), `vb-instance-${i}-`));
      dataDirs.push(dataDir);
      const config = loadConfig({
        NODE_ENV: 'test',
        PUBLIC_URL: 'http://localhost:3999',
        SEED_DEMO: 'false',
        DATA_DIR: dataDir,
        ...s3.env,
      });
      const app = await buildApp(config, { database, logger: false });
      await app.ready();
      instances.push(app);
    }
  });
  afterAll(async () => {
    for (const app of instances) await app.close();
    await database?.close();
    await s3?.close();
    for (const dataDir of dataDirs) await rm(dataDir, { recursive: true, force: true });
  });

  it('serves a profile image uploaded through the other instance, and forgets a replaced one on both', async () => {
    const [a, b] = instances as [FastifyInstance, FastifyInstance];
    const { headers } = await signInAs(a, 'Teacher', (await makeOrganization(a)).id);
    const upload = async (app: FastifyInstance, bytes: Buffer, type: string) => {
      const body = fileUpload('profile_image', bytes, type);
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/profile/image',
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      return ProfileEnvelopeSchema.parse(res.json()).user.profile_image!;
    };

    const firstUrl = await upload(a, PNG, 'image/png');
    const image = await b.inject({ method: 'GET', url: firstUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(image.rawPayload, PNG)).toBe(0);

    // Replaced through b: a serves the new image and no longer the old one.
    const secondUrl = await upload(b, GIF, 'image/gif');
    expect(Buffer.compare((await a.inject({ method: 'GET', url: secondUrl })).rawPayload, GIF)).toBe(0);
    expect((await a.inject({ method: 'GET', url: firstUrl })).statusCode).toBe(404);
  });

  it('streams an assessment resource uploaded through the other instance', async () => {
    const [a, b] = instances as [FastifyInstance, FastifyInstance];
    const orgId = (await makeOrganization(a)).id;
    await recordPlan(a.db, orgId, PLANS.Enterprise);
    const { headers } = await signInAs(a, 'Teacher', orgId);
    const assessment = await createAssessmentAs(a, headers);
    // Larger than one read of the stream, so the answer is piped in pieces.
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.4\n'),
      Buffer.alloc(300 * 1024, '%'),
      Buffer.from('\n%%EOF\n'),
    ]);
    const body = fileUpload('file', pdf, 'application/pdf');
    const res = await a.inject({
      method: 'POST',
      url: `/api/assessments/${assessment.id}/resources`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { url } = AssessmentResourceSchema.parse(res.json());

    const download = await b.inject({ method: 'GET', url, headers });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-length']).toBe(String(pdf.length));
    expect(download.rawPayload.equals(pdf)).toBe(true);
  });
});
