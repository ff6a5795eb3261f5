/**
 * Accepted upload types between vbuilder and QTI. vbuilder keeps what the teacher typed ('.pdf',
 * 'image/*', 'application/pdf'); QTI's uploadInteraction `type` is a list of MIME types. The
 * extensions teachers use for hand-ins, with their registered MIME types (IANA; Apple's iWork
 * types as Apple registers them). An extension not listed here cannot be written as a MIME type
 * and is reported as not carried.
 */
const BY_EXTENSION: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xls': 'application/vnd.ms-excel',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.ppt': 'application/vnd.ms-powerpoint',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  '.odt': 'application/vnd.oasis.opendocument.text',
  '.ods': 'application/vnd.oasis.opendocument.spreadsheet',
  '.odp': 'application/vnd.oasis.opendocument.presentation',
  '.key': 'application/vnd.apple.keynote',
  '.pages': 'application/vnd.apple.pages',
  '.numbers': 'application/vnd.apple.numbers',
  '.rtf': 'application/rtf',
  '.txt': 'text/plain',
  '.csv': 'text/csv',
  '.html': 'text/html',
  '.md': 'text/markdown',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.zip': 'application/zip',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.heic': 'image/heic',
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.wav': 'audio/wav',
  '.ogg': 'audio/ogg',
  '.webm': 'video/webm',
  '.mp4': 'video/mp4',
  '.mov': 'video/quicktime',
};

/** The first extension of each MIME type, to read a QTI type back as the extension a teacher types. */
const BY_MIME = new Map<string, string>();
for (const [extension, mime] of Object.entries(BY_EXTENSION))
  if (!BY_MIME.has(mime)) BY_MIME.set(mime, extension);

/** A MIME type as QTI 3.0's MimeTypeDType takes it: type/subtype, ASCII, no separators or spaces. */
const MIME = /^[!#$%&'*+.^_`|~\w-]+\/[!#$%&'*+.^_`|~\w-]+$/;

/** An accepted type as a MIME type, or null when it has none we know (then it is not carried). */
export function mimeOf(accepted: string): string | null {
  const value = accepted.trim().toLowerCase();
  if (value.startsWith('.')) return BY_EXTENSION[value] ?? null;
  return MIME.test(value) ? value : null;
}

/** A QTI upload type as vbuilder keeps it: the usual extension when there is one, else the MIME type. */
export const acceptedOf = (mime: string): string => BY_MIME.get(mime.toLowerCase()) ?? mime;
