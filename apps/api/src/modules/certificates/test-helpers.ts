import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';

/** The text of a PDF as poppler's pdftotext reads it (the way a reader's copy and search see it). */
export function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'certificate-text-'));
  try {
    const file = path.join(dir, 'certificate.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The first page rendered by poppler's pdftoppm, as a PNG. */
export function pdfPagePng(bytes: Buffer, dpi = 150): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'certificate-page-'));
  try {
    const file = path.join(dir, 'certificate.pdf');
    writeFileSync(file, bytes);
    execFileSync('pdftoppm', ['-png', '-r', String(dpi), '-singlefile', file, path.join(dir, 'page')]);
    return readFileSync(path.join(dir, 'page.png'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// jsqr is CommonJS whose typings declare an ES default export: take the function either way.
const jsQR = jsQRModule.default;

/** What the QR code on the rendered page says (decoded by jsQR, not by the code that drew it), or null. */
export function decodeQr(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  const result = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
  return result?.data ?? null;
}
