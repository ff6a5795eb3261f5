import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect } from 'vitest';
import {
  ITEM_XSD,
  MANIFEST_XSD,
  QTI3_XSD_MISSING,
  unpackQti3,
  validateAgainst,
} from '../../../../test-support/qti3-xsd.ts';

/**
 * Collects the QTI 3.0 packages a test file (or describe block) writes and validates them all
 * against 1EdTech's schemas after its last test (test-support/qti3-xsd.ts), in one xmllint run per
 * schema: the QTI schema set takes a second or two to load. Every test that writes a QTI 3.0
 * package passes it to `add` (docs/architecture/testing.md#standards).
 */
export function collectQti3Exports() {
  const dir = mkdtempSync(path.join(tmpdir(), 'vb-qti3-'));
  const documents: string[] = [];
  const manifests: string[] = [];
  let count = 0;
  afterAll(() => {
    try {
      if (QTI3_XSD_MISSING) {
        console.warn(`QTI 3.0 schema check skipped for ${count} package(s): ${QTI3_XSD_MISSING}`);
        return;
      }
      expect(count, 'a file that collects QTI 3.0 exports wrote at least one').toBeGreaterThan(0);
      const items = validateAgainst(ITEM_XSD, documents);
      expect(items.status, items.report).toBe(0);
      const manifest = validateAgainst(MANIFEST_XSD, manifests);
      expect(manifest.status, manifest.report).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);
  return {
    /** Keeps one exported package (the zip's bytes) for the check; `label` names it in a failure. */
    add(bytes: Uint8Array, label: string): void {
      count += 1;
      const folder = `${String(count).padStart(2, '0')}-${label.replace(/[^A-Za-z0-9-]+/g, '-').slice(0, 60)}`;
      const unpacked = unpackQti3(bytes, path.join(dir, folder));
      expect(unpacked.manifests, `${label}: a QTI 3.0 package has its imsmanifest.xml`).toHaveLength(1);
      documents.push(...unpacked.documents);
      manifests.push(...unpacked.manifests);
    },
  };
}
