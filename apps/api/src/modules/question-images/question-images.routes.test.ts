import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@vbuilder/shared';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { makeOrganization, signInAs } from '../../test/sign-in.ts';
import { QuestionImageUploadSchema } from './question-images.routes.ts';

// The smallest real images (1×1 pixel), so detection runs on genuine bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

type Part = { bytes: Uint8Array; filename: string; type: string } | string;

/** A multipart body as a browser would send it, built with the platform's FormData. */
async function multipart(parts: Record<string, Part>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([value.bytes], { type: value.type }), value.filename);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

describe('question image routes', () => {
  let t: TestApp;
  let dataDir: string;
  let orgId: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'vb-question-images-'));
    t = await buildTestApp({ DATA_DIR: dataDir });
    orgId = (await makeOrganization(t.app)).id;
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const upload = async (headers: Record<string, string>, parts: Record<string, Part>) => {
    const body = await multipart(parts);
    return t.app.inject({
      method: 'POST',
      url: '/api/question-images',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };
  const storedImages = async () => {
    const folder = path.join(dataDir, 'files', 'question-images');
    return existsSync(folder) ? (await readdir(folder)).filter((f) => !f.endsWith('.tmp')) : [];
  };
  const png = { image: { bytes: PNG, filename: 'diagram.png', type: 'image/png' } };

  describe('POST /api/question-images', () => {
    it('answers 401 without a token and stores nothing', async () => {
      const before = await storedImages();
      const res = await upload({}, png);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'unauthorized' });
      expect(await storedImages()).toEqual(before);
    });

    it('refuses a Student with 403 and stores nothing', async () => {
      const { headers } = await signInAs(t.app, 'Student', orgId);
      const before = await storedImages();
      const res = await upload(headers, png);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'forbidden' });
      expect(await storedImages()).toEqual(before);
    });

    it.each(['Teacher', 'Administrator', 'user', 'Super Administrator'] as const)(
      'lets a %s upload',
      async (role) => {
        const { headers } = await signInAs(t.app, role, role === 'Super Administrator' ? null : orgId);
        const res = await upload(headers, png);
        expect(res.statusCode).toBe(200);
        expect(QuestionImageUploadSchema.parse(res.json()).url).toMatch(
          /^\/api\/files\/question-images\/[0-9a-f-]{36}\.png$/,
        );
      },
    );

    it('stores a PNG under a new random name and serves the same bytes publicly', async () => {
      const { headers } = await signInAs(t.app, 'Teacher', orgId);
      const first = (await upload(headers, png)).json().url as string;
      const second = (await upload(headers, png)).json().url as string;
      expect(second).not.toBe(first);
      expect(await storedImages()).toEqual(
        expect.arrayContaining([first.split('/').pop(), second.split('/').pop()]),
      );

      // Public on purpose: <img> tags in players send no bearer token.
      const image = await t.app.inject({ method: 'GET', url: first });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      expect(image.headers['cache-control']).toContain('immutable');
      expect(Buffer.compare(image.rawPayload, PNG)).toBe(0);
    });

    it('stores JPEG and GIF with their own extension and content type', async () => {
      const { headers } = await signInAs(t.app, 'Teacher', orgId);
      for (const [bytes, extension, mime] of [
        [JPEG, 'jpg', 'image/jpeg'],
        [GIF, 'gif', 'image/gif'],
      ] as const) {
        const res = await upload(headers, { image: { bytes, filename: `x.${extension}`, type: mime } });
        expect(res.statusCode).toBe(200);
        const url: string = res.json().url;
        expect(url.endsWith(`.${extension}`)).toBe(true);
        const image = await t.app.inject({ method: 'GET', url });
        expect(image.headers['content-type']).toBe(mime);
      }
    });

    it('detects the type from the content, not the name or the declared type', async () => {
      const { headers } = await signInAs(t.app, 'Teacher', orgId);
      const res = await upload(headers, { image: { bytes: JPEG, filename: 'photo.png', type: 'image/png' } });
      expect(res.statusCode).toBe(200);
      expect(res.json().url).toMatch(/\.jpg$/);
    });

    it('refuses a file larger than the limit with 413 file_too_large and stores nothing', async () => {
      const { headers } = await signInAs(t.app, 'Teacher', orgId);
      const before = await storedImages();
      const big = Buffer.concat([PNG, Buffer.alloc(LIMITS.questionImageMaxBytes)]);
      const res = await upload(headers, { image: { bytes: big, filename: 'big.png', type: 'image/png' } });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ code: 'file_too_large' });
      expect(await storedImages()).toEqual(before);
    });

    it('refuses content that is not an image with 400 unsupported_file_type', async () => {
      const { headers } = await signInAs(t.app, 'Teacher', orgId);
      const before = await storedImages();
      for (const [bytes, filename, type] of [
        [Buffer.from('just some text, honestly'), 'notes.txt', 'text/plain'],
        [PDF, 'worksheet.pdf', 'application/pdf'],
      ] as const) {
        const res = await upload(headers, { image: { bytes, filename, type } });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 'unsupported_file_type' });
      }
      expect(await storedImages()).toEqual(before);
    });

    it('refuses a fake extension: a .png name and type whose content is something else', async () => {
      const { headers } = await signInAs(t.app, 'Teacher', orgId);
      const before = await storedImages();
      const res = await upload(headers, {
        image: {
          bytes: Buffer.from('MZ\x90\x00 not really a picture'),
          filename: 'cat.png',
          type: 'image/png',
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'unsupported_file_type' });
      expect(await storedImages()).toEqual(before);
    });

    it('refuses SVG (it can carry scripts)', async () => {
      const { headers } = await signInAs(t.app, 'Teacher', orgId);
      const res = await upload(headers, { image: { bytes: SVG, filename: 'x.svg', type: 'image/svg+xml' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'unsupported_file_type' });
    });

    it('answers 400 file_required when the field is missing, empty or the body is not multipart', async () => {
      const { headers } = await signInAs(t.app, 'Teacher', orgId);
      const wrongField = await upload(headers, {
        picture: { bytes: PNG, filename: 'a.png', type: 'image/png' },
      });
      expect(wrongField.statusCode).toBe(400);
      expect(wrongField.json()).toMatchObject({ code: 'file_required' });

      const empty = await upload(headers, {
        image: { bytes: new Uint8Array(), filename: 'a.png', type: 'image/png' },
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toMatchObject({ code: 'file_required' });

      const json = await t.app.inject({
        method: 'POST',
        url: '/api/question-images',
        headers,
        payload: { url: 'https://example.test/a.png' },
      });
      expect(json.statusCode).toBe(400);
      expect(json.json()).toMatchObject({ code: 'file_required' });
    });
  });

  describe('GET /api/files/question-images/:name', () => {
    it('answers 404 for unknown and malformed names', async () => {
      for (const name of [
        `${crypto.randomUUID()}.png`,
        'not-a-uuid.png',
        `${crypto.randomUUID()}.svg`,
        '..%2F..%2Fetc%2Fpasswd',
      ]) {
        const res = await t.app.inject({ method: 'GET', url: `/api/files/question-images/${name}` });
        expect(res.statusCode, name).toBe(404);
      }
    });
  });
});
