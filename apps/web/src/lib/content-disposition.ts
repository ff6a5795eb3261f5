/**
 * The file name a Content-Disposition header offers: RFC 5987/8187 `filename*` (UTF-8, every
 * script and combining mark kept) when present, else the plain `filename`; null when neither is.
 */
export function fileNameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /(?:^|;)\s*filename\*\s*=\s*([^']*)'[^']*'([^;]*)/i.exec(header);
  if (extended) {
    const [, charset = '', encoded = ''] = extended;
    try {
      if (/^utf-8$/i.test(charset.trim())) return decodeURIComponent(encoded.trim()) || null;
      // ISO-8859-1: each %XX is one character.
      return (
        encoded
          .trim()
          .replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) || null
      );
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/i.exec(header);
  if (!plain) return null;
  const name = plain[1] !== undefined ? plain[1].replace(/\\(.)/g, '$1') : (plain[2] ?? '').trim();
  return name || null;
}
