import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSESSMENT_LIMITS, AssessmentResourceSchema, AssessmentSchema, PLANS } from '@vbuilder/shared';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { makeOrganization, signInAs } from '../../test/sign-in.ts';
import { recordPlan } from '../plans/plans.service.ts';
import { createAssessmentAs } from './test-helpers.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
// The start of a Windows executable ("MZ" header with a PE signature offset).
const EXE = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(58),
  Buffer.from([0x40, 0, 0, 0]),
  Buffer.from('PE\0\0'),
  Buffer.alloc(64),
]);
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]);

async function multipart(field: string, bytes: Uint8Array, filename: string, type: string) {
  const form = new FormData();
  form.append(field, new Blob([bytes], { type }), filename);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

describe('assessment resources', () => {
  let t: TestApp;
  let dataDir: string;
  let orgId: string;
  let teacher: { headers: Record<string, string> };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'vb-resources-'));
    t = await buildTestApp({ DATA_DIR: dataDir });
    orgId = (await makeOrganization(t.app)).id;
    await recordPlan(t.app.db, orgId, PLANS.Enterprise);
    teacher = await signInAs(t.app, 'Teacher', orgId);
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const upload = async (
    headers: Record<string, string>,
    assessmentId: string,
    file: { bytes: Uint8Array; name: string; type: string; field?: string },
  ) => {
    const body = await multipart(file.field ?? 'file', file.bytes, file.name, file.type);
    return t.app.inject({
      method: 'POST',
      url: `/api/assessments/${assessmentId}/resources`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };
  const stored = async (assessmentId: string) => {
    const folder = path.join(dataDir, 'files', 'assessment-resources', assessmentId);
    return existsSync(folder) ? (await readdir(folder)).filter((f) => !f.endsWith('.tmp')) : [];
  };

  it('uploads, lists, downloads as an attachment and deletes a file', async () => {
    const assessment = await createAssessmentAs(t.app, teacher.headers);
    const res = await upload(teacher.headers, assessment.id, {
      bytes: PDF,
      name: 'Reading list – week 1.pdf',
      type: 'application/pdf',
    });
    expect(res.statusCode, res.body).toBe(201);
    const resource = AssessmentResourceSchema.parse(res.json());
    expect(resource).toMatchObject({
      name: 'Reading list – week 1.pdf',
      contentType: 'application/pdf',
      size: PDF.length,
      url: `/api/assessments/${assessment.id}/resources/${resource.id}`,
    });

    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/assessments/${assessment.id}`,
      headers: teacher.headers,
    });
    expect(AssessmentSchema.parse(detail.json()).resources).toEqual([resource]);

    const download = await t.app.inject({ method: 'GET', url: resource.url, headers: teacher.headers });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Reading list _ week 1.pdf"; filename*=UTF-8''Reading%20list%20%E2%80%93%20week%201.pdf`,
    );

    expect(await stored(assessment.id)).toHaveLength(1);
    const del = await t.app.inject({ method: 'DELETE', url: resource.url, headers: teacher.headers });
    expect(del.statusCode).toBe(204);
    expect(await stored(assessment.id)).toHaveLength(0);
    expect(
      (await t.app.inject({ method: 'GET', url: resource.url, headers: teacher.headers })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: resource.url, headers: teacher.headers })).statusCode,
    ).toBe(404);
  });

  it('keeps plain text and CSV, typed from their name', async () => {
    const assessment = await createAssessmentAs(t.app, teacher.headers);
    const csv = await upload(teacher.headers, assessment.id, {
      bytes: Buffer.from('word,meaning\ncell,unit of life\n'),
      name: 'glossary.csv',
      type: 'text/csv',
    });
    expect(csv.json()).toMatchObject({ contentType: 'text/csv' });
    const txt = await upload(teacher.headers, assessment.id, {
      bytes: Buffer.from('Bring a calculator.'),
      name: 'notes',
      type: 'application/octet-stream',
    });
    expect(txt.json()).toMatchObject({ contentType: 'text/plain', name: 'notes' });
    const image = await upload(teacher.headers, assessment.id, {
      bytes: PNG,
      name: 'diagram.txt',
      type: 'text/plain',
    });
    // The bytes decide: a PNG named .txt is a PNG.
    expect(image.json()).toMatchObject({ contentType: 'image/png' });
  });

  it.each([
    ['an HTML page', Buffer.from('<!doctype html><script>alert(1)</script>'), 'page.txt', 'text/plain'],
    ['an HTML page by name', Buffer.from('hello'), 'page.html', 'text/html'],
    [
      'an SVG image',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'x.svg',
      'image/svg+xml',
    ],
    [
      'an SVG named as text',
      Buffer.from('  <svg xmlns="http://www.w3.org/2000/svg"></svg>'),
      'x.txt',
      'text/plain',
    ],
    ['a Windows executable', EXE, 'setup.pdf', 'application/pdf'],
    ['a Linux executable', ELF, 'tool', 'application/octet-stream'],
    ['random binary', Buffer.from([0, 1, 2, 3, 255, 254, 0, 7]), 'blob.bin', 'application/octet-stream'],
  ])('refuses %s with 400 unsupported_file_type and stores nothing', async (_label, bytes, name, type) => {
    const assessment = await createAssessmentAs(t.app, teacher.headers);
    const res = await upload(teacher.headers, assessment.id, { bytes, name, type });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('unsupported_file_type');
    expect(await stored(assessment.id)).toHaveLength(0);
  });

  it('refuses a file over the size limit (413) and a missing file (400)', async () => {
    const assessment = await createAssessmentAs(t.app, teacher.headers);
    const big = Buffer.concat([PDF, Buffer.alloc(ASSESSMENT_LIMITS.resourceMaxBytes)]);
    const tooBig = await upload(teacher.headers, assessment.id, {
      bytes: big,
      name: 'big.pdf',
      type: 'application/pdf',
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().code).toBe('file_too_large');
    const wrongField = await upload(teacher.headers, assessment.id, {
      bytes: PDF,
      name: 'a.pdf',
      type: 'application/pdf',
      field: 'other',
    });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().code).toBe('file_required');
    expect(await stored(assessment.id)).toHaveLength(0);
  });

  it(`refuses more than ${ASSESSMENT_LIMITS.resourcesMax} files, also when they arrive at once`, async () => {
    const assessment = await createAssessmentAs(t.app, teacher.headers);
    for (let i = 0; i < ASSESSMENT_LIMITS.resourcesMax - 2; i++) {
      expect(
        (
          await upload(teacher.headers, assessment.id, {
            bytes: PDF,
            name: `${i}.pdf`,
            type: 'application/pdf',
          })
        ).statusCode,
      ).toBe(201);
    }
    const burst = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        upload(teacher.headers, assessment.id, {
          bytes: PDF,
          name: `burst-${i}.pdf`,
          type: 'application/pdf',
        }),
      ),
    );
    expect(burst.map((r) => r.statusCode).sort()).toEqual([201, 201, 400, 400, 400]);
    expect(burst.find((r) => r.statusCode === 400)!.json().code).toBe('too_many_resources');
    expect(await stored(assessment.id)).toHaveLength(ASSESSMENT_LIMITS.resourcesMax);
  });

  it('lets assigned students download from a published assessment, and nobody else', async () => {
    const published = await createAssessmentAs(t.app, teacher.headers, { status: 'published' });
    const draft = await createAssessmentAs(t.app, teacher.headers);
    const urlOf = async (id: string) =>
      (await upload(teacher.headers, id, { bytes: PDF, name: 'sheet.pdf', type: 'application/pdf' })).json()
        .url as string;
    const [publishedUrl, draftUrl] = [await urlOf(published.id), await urlOf(draft.id)];

    const student = await signInAs(t.app, 'Student', orgId);
    expect(
      (await t.app.inject({ method: 'GET', url: publishedUrl, headers: student.headers })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: draftUrl, headers: student.headers })).statusCode).toBe(
      404,
    );
    const studentUpload = await upload(student.headers, published.id, {
      bytes: PDF,
      name: 'x.pdf',
      type: 'application/pdf',
    });
    expect(studentUpload.statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'DELETE', url: publishedUrl, headers: student.headers })).statusCode,
    ).toBe(403);

    const stranger = await signInAs(t.app, 'Teacher', (await makeOrganization(t.app)).id);
    expect(
      (await t.app.inject({ method: 'GET', url: publishedUrl, headers: stranger.headers })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: publishedUrl, headers: stranger.headers })).statusCode,
    ).toBe(404);
    const strangerUpload = await upload(stranger.headers, published.id, {
      bytes: PDF,
      name: 'x.pdf',
      type: 'application/pdf',
    });
    expect(strangerUpload.statusCode).toBe(404);
  });

  it('gives a duplicate its own copies of the files', async () => {
    const source = await createAssessmentAs(t.app, teacher.headers);
    const original = await upload(teacher.headers, source.id, {
      bytes: PDF,
      name: 'sheet.pdf',
      type: 'application/pdf',
    });
    const dup = await t.app.inject({
      method: 'POST',
      url: `/api/assessments/${source.id}/duplicate`,
      headers: teacher.headers,
    });
    const copy = AssessmentSchema.parse(dup.json());
    expect(copy.resources.map((r) => r.name)).toEqual(['sheet.pdf']);
    await t.app.inject({ method: 'DELETE', url: original.json().url, headers: teacher.headers });
    const download = await t.app.inject({
      method: 'GET',
      url: copy.resources[0]!.url,
      headers: teacher.headers,
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
  });
});
