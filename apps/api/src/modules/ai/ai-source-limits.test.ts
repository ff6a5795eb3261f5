import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { constants, deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { makeOrganization, signInAs } from '../../test/sign-in.ts';
import { DOCX_LIMITS } from './ai-source.ts';
import { makeDocx, multipartBody } from './test-documents.ts';

/**
 * A DOCX source for AI generation is unpacked by the zip reader with its caps (readZip, as question
 * packages are), never by the DOCX library inflating whatever it is given: a 2 MB upload that
 * inflates to 2 GiB is refused, and the process does not hold gigabytes while it is.
 */

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  const org = await makeOrganization(t.app);
  headers = (await signInAs(t.app, 'Teacher', org.id)).headers;
});
afterAll(() => t.close());

/**
 * Raw deflate data inflating to `bytes` zero bytes (a multiple of 1 MiB), made without compressing
 * them: one MiB of zeros deflated and flushed to a byte boundary, repeated, then an empty final block.
 */
function zerosDeflated(bytes: number): Buffer {
  const chunk = deflateRawSync(Buffer.alloc(MiB), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  return Buffer.concat([...Array.from({ length: bytes / MiB }, () => chunk), Buffer.from([0x03, 0x00])]);
}

interface Entry {
  name: string;
  data: Buffer;
  method: 0 | 8;
  /** The uncompressed size the headers declare. */
  size: number;
}

/** A zip written field by field, so its headers may declare what they like. */
function writeZipRaw(entries: Entry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(0, 14); // CRC: nothing gets far enough to check it
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.method, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const stored = (name: string, text: string): Entry => {
  const data = Buffer.from(text);
  return { name, data, method: 0, size: data.length };
};

/** A DOCX whose document part inflates to `inflated` bytes, declaring `declared` in its headers. */
function bombDocx(inflated: number, declared: number): Buffer {
  return writeZipRaw([
    stored(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/></Types>',
    ),
    stored(
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
        '</Relationships>',
    ),
    { name: 'word/document.xml', data: zerosDeflated(inflated), method: 8, size: declared },
  ]);
}

/** Peak resident memory of this process since the last reset (Linux: /proc/self/status VmHWM), bytes. */
const peakResident = () =>
  Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))![1]) * 1024;
const resident = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))![1]) * 1024;
/** Starts the peak over from the current resident size (writing 5 to clear_refs). */
const resetPeak = () => writeFileSync('/proc/self/clear_refs', '5');

async function upload(bytes: Uint8Array) {
  const body = multipartBody('file', 'lesson.docx', bytes);
  return t.app.inject({
    method: 'POST',
    url: '/api/ai/source',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

describe.skipIf(!existsSync('/proc/self/clear_refs'))(
  'a DOCX source that inflates far beyond its size',
  () => {
    it('2 MB inflating to 2 GiB, declared honestly: 413 file_too_large, and the process stays under 200 MB more', async () => {
      const docx = bombDocx(2 * GiB, 2 * GiB);
      expect(docx.length).toBeLessThan(3 * MiB);
      resetPeak();
      const before = resident();
      const res = await upload(docx);
      const grew = peakResident() - before;
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json()).toMatchObject({ code: 'file_too_large' });
      expect(res.json().message).toContain('too large when unpacked');
      expect(grew).toBeLessThan(200 * MiB);
    });

    it('2 MB inflating to 2 GiB behind headers that declare 4 KB: never inflated past 4 KB, 400 unreadable', async () => {
      const docx = bombDocx(2 * GiB, 4096);
      resetPeak();
      const before = resident();
      const res = await upload(docx);
      const grew = peakResident() - before;
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'ai_source_unreadable' });
      expect(grew).toBeLessThan(200 * MiB);
    });

    it('more parts than a Word document has: 413 before anything is inflated', async () => {
      const parts = Array.from({ length: DOCX_LIMITS.zipEntries + 1 }, (_, i) =>
        stored(`word/media/p${i}.txt`, 'x'),
      );
      const res = await upload(writeZipRaw(parts));
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json()).toMatchObject({ code: 'file_too_large' });
    });

    it('still reads a real Word document through the capped reader', async () => {
      const res = await upload(await makeDocx(['Tectonic plates move a few centimetres a year.']));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().text).toContain('Tectonic plates move a few centimetres a year.');
    });
  },
);
