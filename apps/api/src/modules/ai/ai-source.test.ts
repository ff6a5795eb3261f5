import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSESSMENT_LIMITS } from '@vbuilder/shared';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { makeOrganization, signInAs } from '../../test/sign-in.ts';
import { sourceKindOf, tidyText } from './ai-source.ts';
import { makeDocx, makePdf, makeZip, multipartBody } from './test-documents.ts';

let t: TestApp;
let orgId: string;

beforeAll(async () => {
  t = await buildTestApp();
  orgId = (await makeOrganization(t.app)).id;
});
afterAll(() => t.close());

async function upload(
  name: string,
  bytes: Uint8Array,
  field = 'file',
  role: 'Teacher' | 'Student' = 'Teacher',
) {
  const { headers } = await signInAs(t.app, role, orgId);
  const body = multipartBody(field, name, bytes);
  return t.app.inject({
    method: 'POST',
    url: '/api/ai/source',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

const utf8 = (text: string) => new TextEncoder().encode(text);

describe('POST /api/ai/source', () => {
  it('reads the text of a PDF', async () => {
    const res = await upload(
      'photosynthesis.pdf',
      makePdf(['Photosynthesis (in plants)', 'Light makes sugar.']),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ name: 'photosynthesis.pdf', truncated: false });
    expect(body.text).toContain('Photosynthesis (in plants)');
    expect(body.text).toContain('Light makes sugar.');
  });

  it('reads the text of a Word document (DOCX)', async () => {
    const res = await upload(
      'cells.docx',
      await makeDocx(['Cells are the units of life.', 'Mitochondria & energy']),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      name: 'cells.docx',
      truncated: false,
      text: 'Cells are the units of life.\n\nMitochondria & energy',
    });
  });

  it('reads text and Markdown files as UTF-8 (byte order mark dropped)', async () => {
    const txt = await upload('notes.txt', utf8('\uFEFFWater boils at 100 °C.\r\nใบไม้สีเขียว  \n\n\n\nEnd'));
    expect(txt.json()).toEqual({
      name: 'notes.txt',
      truncated: false,
      text: 'Water boils at 100 °C.\nใบไม้สีเขียว\n\nEnd',
    });
    const md = await upload('unit.md', utf8('# Unit 3\n\n- forces\n- motion'));
    expect(md.json().text).toBe('# Unit 3\n\n- forces\n- motion');
  });

  it('trims long text to the limit and says so', async () => {
    const res = await upload('long.txt', utf8('word '.repeat(ASSESSMENT_LIMITS.aiSourceTextMax)));
    expect(res.statusCode).toBe(200);
    expect(res.json().truncated).toBe(true);
    expect(res.json().text.length).toBeLessThanOrEqual(ASSESSMENT_LIMITS.aiSourceTextMax);
  });

  it.each([
    ['a PDF without text', 'scan.pdf', () => makePdf([])],
    ['a damaged PDF', 'broken.pdf', () => utf8('%PDF-1.4\nthis is not really a pdf')],
    ['a ZIP that is not a Word document', 'archive.docx', makeZip],
    ['an empty text file', 'blank.txt', () => utf8('   \n\n ')],
  ])('answers 400 ai_source_unreadable for %s', async (_name, fileName, make) => {
    const res = await upload(fileName, await make());
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('ai_source_unreadable');
  });

  it('refuses other kinds of file by their bytes (400 unsupported_file_type)', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    const res = await upload('picture.txt', png);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('unsupported_file_type');
  });

  it('answers 400 file_required without the file field', async () => {
    const res = await upload('notes.txt', utf8('text'), 'document');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('file_required');
  });

  it('answers 413 file_too_large over the size limit', async () => {
    const res = await upload('huge.txt', new Uint8Array(ASSESSMENT_LIMITS.aiSourceFileMaxBytes + 1).fill(97));
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('file_too_large');
  });

  it('is for staff only', async () => {
    const res = await upload('notes.txt', utf8('text'), 'file', 'Student');
    expect(res.statusCode).toBe(403);
  });
});

describe('sourceKindOf and tidyText', () => {
  it.each([
    ['%PDF-1.7 …', 'pdf'],
    ['PK\u0003\u0004…', 'docx'],
    ['plain words', 'text'],
  ])('%s → %s', (text, kind) => expect(sourceKindOf(utf8(text))).toBe(kind));

  it('refuses bytes that are not UTF-8 or contain NUL', () => {
    expect(sourceKindOf(new Uint8Array([0xff, 0xfe, 0x41]))).toBeNull();
    expect(sourceKindOf(new Uint8Array([0x41, 0x00, 0x42]))).toBeNull();
  });

  it('keeps at most one blank line and no trailing spaces', () => {
    expect(tidyText('a  \r\n\r\n\r\n\r\nb\t\n')).toBe('a\n\nb');
  });
});
