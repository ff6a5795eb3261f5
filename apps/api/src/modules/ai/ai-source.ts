import mammoth from 'mammoth';
import { extractText } from 'unpdf';
import { ASSESSMENT_LIMITS, type AiSourceText } from '@vbuilder/shared';
import { AppError, badRequest } from '../../lib/errors.ts';
import { InterchangeFileError, readZip, type ZipLimits } from '../question-interchange/index.ts';

/** What a teacher may upload as source material for generation. */
export const SOURCE_KINDS = ['pdf', 'docx', 'text'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

export const sourceUnreadable = () =>
  badRequest('ai_source_unreadable', 'The text of this document could not be read');
const unsupported = () =>
  badRequest('unsupported_file_type', 'Send a PDF, a Word document (DOCX) or a text file (TXT, MD)');

const startsWith = (bytes: Uint8Array, prefix: string) =>
  bytes.length >= prefix.length && [...prefix].every((c, i) => bytes[i] === c.charCodeAt(0));

/** Decides by the bytes, never by the name: '%PDF', a ZIP (a DOCX is one), or UTF-8 text. */
export function sourceKindOf(bytes: Uint8Array): SourceKind | null {
  if (startsWith(bytes, '%PDF-')) return 'pdf';
  if (startsWith(bytes, 'PK\u0003\u0004')) return 'docx';
  if (bytes.includes(0)) return null;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return 'text';
  } catch {
    return null;
  }
}

/**
 * What a DOCX may unpack to. A Word document's parts inflate 5 to 20 times (its pictures hardly
 * at all); a book-length one unpacks to a few MB. Above these it is refused before anything is
 * inflated: a 2 MB upload that inflates to 2 GiB held 2.4 GB of memory in the DOCX reader.
 */
export const DOCX_LIMITS: ZipLimits = {
  zipEntries: 1000,
  zipTotalBytes: 4 * ASSESSMENT_LIMITS.aiSourceFileMaxBytes,
  zipRatio: 100,
};

const unpacksTooLarge = (detail: string) =>
  new AppError(
    413,
    'file_too_large',
    `The document is too large when unpacked (${detail}): at most ${DOCX_LIMITS.zipEntries} parts and ${DOCX_LIMITS.zipTotalBytes / (1024 * 1024)} MB`,
  );

/**
 * The DOCX's parts, unpacked by the zip reader with its caps, as the zip file mammoth reads
 * (its `file` input: exists, read). mammoth never inflates anything itself.
 */
function docxParts(bytes: Uint8Array) {
  let parts: Map<string, Uint8Array>;
  try {
    parts = readZip(bytes, DOCX_LIMITS);
  } catch (error) {
    if (error instanceof InterchangeFileError && error.kind !== 'malformed')
      throw unpacksTooLarge(error.message);
    throw sourceUnreadable();
  }
  return {
    exists: (name: string) => parts.has(name),
    read: async (name: string, encoding?: string) => {
      const part = parts.get(name);
      if (!part) throw new Error(`The document has no part ${name}`);
      if (encoding === 'base64') return Buffer.from(part).toString('base64');
      return encoding ? new TextDecoder(encoding).decode(part) : part;
    },
    write: () => {
      throw new Error('read only');
    },
    toArrayBuffer: () => {
      throw new Error('read only');
    },
  };
}

async function rawText(kind: SourceKind, bytes: Uint8Array): Promise<string> {
  switch (kind) {
    case 'pdf':
      // A copy: PDF.js takes over (detaches) the buffer it is given.
      return (await extractText(new Uint8Array(bytes), { mergePages: true })).text;
    case 'docx':
      // A ZIP that is not a Word document makes mammoth throw: unreadable, like a damaged file.
      return (await mammoth.extractRawText({ file: docxParts(bytes) } as unknown as { buffer: Buffer }))
        .value;
    case 'text':
      return new TextDecoder('utf-8').decode(bytes);
  }
}

/** Tidy for a prompt: one kind of line break, no trailing spaces, at most one blank line in a row. */
export function tidyText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t\u00a0]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * The text of an uploaded document (docs/product/validation.md AI generation source), trimmed to the limit the
 * generation request accepts. A document without text (a scanned PDF) or a damaged one answers
 * 400 ai_source_unreadable; another kind of file 400 unsupported_file_type; a DOCX that unpacks to
 * more than DOCX_LIMITS (a zip bomb) 413 file_too_large.
 */
export async function extractSourceText(bytes: Uint8Array, name: string): Promise<AiSourceText> {
  const kind = sourceKindOf(bytes);
  if (!kind) throw unsupported();
  let text: string;
  try {
    text = tidyText(await rawText(kind, bytes));
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw sourceUnreadable();
  }
  if (!text) throw sourceUnreadable();
  const max = ASSESSMENT_LIMITS.aiSourceTextMax;
  if (text.length <= max) return { text, truncated: false, name };
  // The generation request counts UTF-16 units (string length); never cut a surrogate pair in two.
  let cut = text.slice(0, max);
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return { text: cut.trimEnd(), truncated: true, name };
}
