import { create } from 'content-disposition';

/**
 * An ASCII stand-in for a file name, for clients that ignore `filename*`: accents dropped
 * ('Zoë' → 'Zoe'), other non-ASCII runs, quotes, backslashes, slashes and control characters
 * become '_'. When nothing readable is left of the name (a title wholly in Bengali or Thai),
 * `fallback` stands in for it and the extension is kept ('download.pdf').
 */
export function asciiFileName(name: string, fallback = 'download'): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]+|["\\/]+/g, '_')
    .replace(/\s+/g, ' ')
    .trim();
  const dot = ascii.lastIndexOf('.');
  const base = dot > 0 ? ascii.slice(0, dot) : ascii;
  const extension = dot > 0 && /^\.[A-Za-z0-9]+$/.test(ascii.slice(dot)) ? ascii.slice(dot) : '';
  return /[A-Za-z0-9]/.test(base) ? ascii : `${fallback}${extension}`;
}

/**
 * A file name safe to offer a browser in any script: every letter and combining mark (Bengali and
 * Burmese vowel signs, Thai tone marks) kept; characters no file system accepts (\ / : * ? " < > |)
 * and control characters removed; spaces collapsed.
 */
export function safeFileName(name: string): string {
  return name
    .normalize('NFC')
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The Content-Disposition of every download: the full name in RFC 5987/8187 `filename*` (UTF-8),
 * with a plain ASCII `filename` for older clients (`fallback`, else derived from the name).
 */
export function contentDispositionHeader(
  fileName: string,
  options: { inline?: boolean; fallback?: string } = {},
): string {
  const name = safeFileName(fileName) || options.fallback || 'download';
  return create(name, {
    type: options.inline ? 'inline' : 'attachment',
    fallback: options.fallback ?? asciiFileName(name),
  });
}
