import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ITEM_XSD,
  MANIFEST_XSD,
  QTI3_XSD_MISSING,
  QTI3_XSD_REQUIRED,
  qti3XsdTitle,
  unpackQti3,
  validateAgainst,
} from '../../../../../test-support/qti3-xsd.ts';
import { exportQuestions } from './index.ts';
import { samplesFor } from './test-fixtures.ts';
import { readZip } from './zip.ts';

/**
 * The QTI 3.0 package vbuilder writes, validated by xmllint against 1EdTech's QTI 3.0 XSDs
 * (the schemas and the skip rule: test-support/qti3-xsd.ts). Every other test that writes a QTI 3.0
 * package validates it too (collectQti3Exports); this one shows the parts the schema is strict
 * about, and that the check is not blind. qti3-structure.test.ts checks the rules a reader relies
 * on either way.
 */
it.runIf(QTI3_XSD_MISSING !== null && QTI3_XSD_REQUIRED)('has the QTI 3.0 schemas and xmllint on CI', () => {
  expect.fail(`QTI 3.0 exports must be validated on CI, but there is ${QTI3_XSD_MISSING}`);
});

describe.skipIf(QTI3_XSD_MISSING !== null)(
  qti3XsdTitle("QTI 3.0 export validates against 1EdTech's XSDs"),
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
      const unpacked = unpackQti3(result.bytes, dir);
      const xml = [...files.keys()].filter((n) => n.endsWith('.xml') && n !== 'imsmanifest.xml');
      const documents = validateAgainst(ITEM_XSD, unpacked.documents);
      expect(documents.report).not.toMatch(/fails to validate|error/i);
      expect(documents.status, documents.report).toBe(0);
      expect(files.get('items/Q1.xml')).toBeDefined();
      const written = xml.map((n) => new TextDecoder().decode(files.get(n)!)).join('\n');
      expect(written).toContain('<qti-rubric-block use="scoring" view="scorer">');
      expect(written).toMatch(/<qti-upload-interaction [^>]*type="application\/pdf /);
      const manifest = validateAgainst(MANIFEST_XSD, unpacked.manifests);
      expect(manifest.status, manifest.report).toBe(0);
    });

    it('would fail on an item that breaks the schema (the check is not blind)', () => {
      const bad = path.join(dir, 'bad.xml');
      writeFileSync(
        bad,
        '<qti-assessment-item xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" identifier="x" title="x" adaptive="false" time-dependent="false"><qti-item-body><qti-rubric-block view="scorer"><p>No content body, no use.</p></qti-rubric-block></qti-item-body></qti-assessment-item>',
      );
      const result = validateAgainst(ITEM_XSD, [bad]);
      expect(result.status).not.toBe(0);
      expect(result.report).toMatch(/fails to validate/);
    });
  },
);
