import mammoth from 'mammoth';
import { extractText } from 'unpdf';
import { ASSESSMENT_LIMITS, type AiSourceText } from '@vbuilder/shared';
import { badRequest } from '../../lib/errors.ts';

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

async function rawText(kind: SourceKind, bytes: Uint8Array): Promise<string> {
  switch (kind) {
    case 'pdf':
      // A copy: PDF.js takes over (detaches) the buffer it is given.
      return (await extractText(new Uint8Array(bytes), { mergePages: true })).text;
    case 'docx':
      // A ZIP that is not a Word document makes mammoth throw: unreadable, like a damaged file.
      return (await mammoth.extractRawText({ buffer: Buffer.from(bytes) })).value;
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
 * The text of an uploaded document (SPEC §5 AI generation source), trimmed to the limit the
 * generation request accepts. A document without text (a scanned PDF) or a damaged one answers
 * 400 ai_source_unreadable; another kind of file 400 unsupported_file_type.
 */
export async function extractSourceText(bytes: Uint8Array, name: string): Promise<AiSourceText> {
  const kind = sourceKindOf(bytes);
  if (!kind) throw unsupported();
  let text: string;
  try {
    text = tidyText(await rawText(kind, bytes));
  } catch {
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
