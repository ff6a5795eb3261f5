/**
 * Text as the formats carry it (HTML, markdown, plain) and as vbuilder keeps it (plain text with
 * line breaks; questions, options and answers are not HTML). Images found in the markup are kept
 * as references (a file name in a Moodle file, a path in a QTI package, an http URL) for the
 * format to resolve into media.
 */
import { escapeHtml } from '@vbuilder/shared';
export interface RichText {
  text: string;
  /** Image sources in reading order, as written in the markup. */
  images: string[];
  /** Markup beyond paragraphs and line breaks was flattened (bold, lists, tables...). */
  flattened: boolean;
}

export const plain = (text: string): RichText => ({ text, images: [], flattened: false });

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  copy: '©',
  reg: '®',
  deg: '°',
  times: '×',
  divide: '÷',
  euro: '€',
  pound: '£',
  middot: '·',
  shy: '',
};

/** Decodes character references and the common HTML named entities (unknown names stay as written). */
export function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z][a-z0-9]*);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

const SIMPLE_TAGS = new Set(['p', 'br', 'div', 'span', 'img', 'font']);

/** HTML (or XHTML) → plain text: paragraphs and <br> become line breaks, images are collected. */
export function htmlToText(html: string): RichText {
  const images: string[] = [];
  let flattened = false;
  const withBreaks = html
    .replace(/<!--[\s\S]*?-->/g, '')
    // Line breaks in markup are spaces; only <br> and block ends break lines.
    .replace(/\s+/g, ' ')
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, () => {
      flattened = true;
      return '';
    })
    .replace(/<img\b[^>]*>/gi, (tag) => {
      const src = /\bsrc\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(tag);
      const value = src ? (src[2] ?? src[3] ?? src[4] ?? '') : '';
      if (value) images.push(decodeEntities(value));
      return '';
    })
    .replace(/\s*<br\s*\/?>\s*/gi, '\n')
    .replace(/\s*<\/(p|div|h[1-6]|blockquote|pre|table|ul|ol)\s*>\s*/gi, '\n\n')
    .replace(/<\/(li|tr)\s*>/gi, '\n')
    .replace(/<\/?([a-z][a-z0-9-]*)\b[^>]*>/gi, (_tag, name: string) => {
      if (!SIMPLE_TAGS.has(name.toLowerCase())) flattened = true;
      return '';
    });
  const text = decodeEntities(withBreaks)
    .replace(/\u00a0/g, ' ')
    .split('\n')
    .map((line) => line.replace(/[ \t\r\f\v]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { text, images, flattened };
}

/**
 * Plain text → HTML that htmlToText reads back to the same text: one <p> per paragraph (blank
 * line), <br/> for single line breaks, and the images after the text.
 */
export function textToHtml(text: string, imageSources: readonly string[] = []): string {
  const paragraphs = text
    .split(/\n{2,}/)
    .filter((p) => p !== '')
    .map((p) => `<p>${p.split('\n').map(escapeHtml).join('<br/>')}</p>`);
  const images = imageSources.map((src) => `<p><img src="${escapeHtml(src)}" alt=""/></p>`);
  return [...paragraphs, ...images].join('');
}

/** Content type of an image by its file name or data: URL (null when not an image). */
export function imageContentType(name: string): string | null {
  const ext = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(name)?.[1]?.toLowerCase();
  const types: Record<string, string> = {
    png: 'image/png',
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    gif: 'image/gif',
    webp: 'image/webp',
    svg: 'image/svg+xml',
  };
  return ext ? (types[ext] ?? null) : null;
}

/** Decodes a data:image/…;base64 URL. */
export function decodeDataUrl(url: string): { bytes: Uint8Array; contentType: string } | null {
  const match = /^data:(image\/[a-z0-9.+-]+);base64,(.*)$/is.exec(url);
  if (!match) return null;
  return { contentType: match[1]!.toLowerCase(), bytes: new Uint8Array(Buffer.from(match[2]!, 'base64')) };
}

export const isHttpUrl = (value: string): boolean => /^https?:\/\/[^\s]+$/i.test(value);
