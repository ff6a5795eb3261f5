/**
 * Text files (GIFT, Aiken) arrive as UTF-8 (with or without BOM), UTF-16 with a BOM, or in the
 * Windows code page that Word and older Moodle installs save (Windows-1252). Bytes that are not
 * valid UTF-8 are read as Windows-1252.
 */
export function decodeTextFile(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** Lines with their 1-based numbers, whatever the line endings. */
export const linesOf = (text: string): string[] => text.replace(/\r\n?/g, '\n').split('\n');
