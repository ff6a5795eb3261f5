import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { exportQuestions } from './index.ts';
import { samplesFor } from './test-fixtures.ts';
import { readZip } from './zip.ts';

/**
 * The QTI 3.0 package vbuilder writes, validated by xmllint against 1EdTech's QTI 3.0 XSDs. The
 * schemas are third-party files kept outside the repository (`QTI3_XSD_DIR`, else
 * `../shared/qti3-xsd` from the repository's root). Without them, or without xmllint, the test is
 * skipped and says why (qti3-structure.test.ts checks the rules a reader relies on either way).
 */
const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
/** `QTI3_XSD_DIR`, else the nearest `shared/qti3-xsd` beside the repository or a folder above it (a worktree sits deeper). */
function xsdDir(): string {
  if (process.env.QTI3_XSD_DIR) return process.env.QTI3_XSD_DIR;
  const first = path.resolve(ROOT, '../shared/qti3-xsd');
  for (let dir = path.resolve(ROOT, '..'); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'shared/qti3-xsd');
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) return first;
  }
}
const XSD_DIR = xsdDir();
const ITEM_XSD = path.join(XSD_DIR, 'imsqti_asiv3p0p1_v1p0.xsd');
const MANIFEST_XSD = path.join(XSD_DIR, 'imsqtiv3p0_imscpv1p2_v1p0.xsd');
const hasXmllint = spawnSync('xmllint', ['--version'], { stdio: 'ignore' }).status === 0;
const missing =
  !existsSync(ITEM_XSD) || !existsSync(MANIFEST_XSD)
    ? `no QTI 3.0 XSDs in ${XSD_DIR}`
    : !hasXmllint
      ? 'no xmllint on PATH'
      : null;

/** xmllint's verdict on files against a schema: [exit status, its report]. */
function validate(schema: string, files: string[]): { status: number; report: string } {
  try {
    // --nonet: the schemas import each other by local file name; nothing is fetched.
    const out = execFileSync('xmllint', ['--nonet', '--noout', '--schema', schema, ...files], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 180_000,
    });
    return { status: 0, report: out };
  } catch (error) {
    const failure = error as { status?: number | null; stderr?: string; message: string };
    return { status: failure.status ?? -1, report: failure.stderr || failure.message };
  }
}

describe.skipIf(missing !== null)(
  `QTI 3.0 export validates against 1EdTech's XSDs${missing ? ` (skipped: ${missing})` : ''}`,
  { timeout: 240_000 },
  () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vb-qti3-xsd-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('every item of every type (the essay rubric block, the upload types included), the test and the manifest', async () => {
      const samples = samplesFor('qti3');
      // The parts this check is about: a rubric for scorers and MIME upload types.
      expect(samples.some((q) => (q.config as { rubric?: string }).rubric)).toBe(true);
      expect(
        samples.some((q) => (q.config as { acceptedFileTypes?: string[] }).acceptedFileTypes?.length),
      ).toBe(true);
      const result = await exportQuestions(samples, 'qti3', { title: 'Samples' });
      const files = readZip(result.bytes);
      for (const [name, bytes] of files) {
        const target = path.join(dir, name);
        mkdirSync(path.dirname(target), { recursive: true });
        writeFileSync(target, bytes);
      }
      const xml = [...files.keys()].filter((n) => n.endsWith('.xml') && n !== 'imsmanifest.xml');
      const documents = validate(
        ITEM_XSD,
        xml.map((n) => path.join(dir, n)),
      );
      expect(documents.report).not.toMatch(/fails to validate|error/i);
      expect(documents.status, documents.report).toBe(0);
      expect(files.get('items/Q1.xml')).toBeDefined();
      const written = xml.map((n) => new TextDecoder().decode(files.get(n)!)).join('\n');
      expect(written).toContain('<qti-rubric-block use="scoring" view="scorer">');
      expect(written).toMatch(/<qti-upload-interaction [^>]*type="application\/pdf /);
      const manifest = validate(MANIFEST_XSD, [path.join(dir, 'imsmanifest.xml')]);
      expect(manifest.status, manifest.report).toBe(0);
    });

    it('would fail on an item that breaks the schema (the check is not blind)', () => {
      const bad = path.join(dir, 'bad.xml');
      writeFileSync(
        bad,
        '<qti-assessment-item xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" identifier="x" title="x" adaptive="false" time-dependent="false"><qti-item-body><qti-rubric-block view="scorer"><p>No content body, no use.</p></qti-rubric-block></qti-item-body></qti-assessment-item>',
      );
      const result = validate(ITEM_XSD, [bad]);
      expect(result.status).not.toBe(0);
      expect(result.report).toMatch(/fails to validate/);
    });
  },
);
