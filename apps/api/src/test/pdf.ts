import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The PDFs the API writes (invoices, reports) read back with poppler's tools (installed by
 * .ci/run), the way a reader's copy and search see them. Each file goes to a work folder of this
 * test process; page images for a person to look at go to test-results/documents/ (outside git).
 */
const work = mkdtempSync(path.join(tmpdir(), 'vbuilder-pdf-'));

export const PAGE_IMAGES_DIR = path.resolve(import.meta.dirname, '../../../../test-results/documents');

function writePdf(pdf: Buffer, name: string): string {
  const file = path.join(work, `${name}.pdf`);
  writeFileSync(file, pdf);
  return file;
}

/**
 * The text of a PDF as pdftotext reads it in -raw mode (content order: a text wrapped in a table
 * cell reads on before the next column). `name` names the file in the work folder.
 */
export function pdfText(pdf: Buffer, name: string = randomUUID()): string {
  return execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', writePdf(pdf, name), '-'], { encoding: 'utf8' });
}

/** The first page at 60 dpi, a PNG named after `name` in PAGE_IMAGES_DIR. */
export function savePageImage(pdf: Buffer, name: string): void {
  mkdirSync(PAGE_IMAGES_DIR, { recursive: true });
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '60',
    '-f',
    '1',
    '-l',
    '1',
    writePdf(pdf, `page-${name}`),
    path.join(PAGE_IMAGES_DIR, name),
  ]);
}

/** Line breaks and spaces (no-break ones included) are layout, not text: compare without them. */
export const squeeze = (s: string) => s.normalize('NFC').replace(/\s+/g, '');
