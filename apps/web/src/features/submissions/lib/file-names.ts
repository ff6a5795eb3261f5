/**
 * A file name from an assessment title: letters, their combining marks (Bengali and Burmese vowel
 * signs, Thai tone marks, Devanagari viramas) and digits of any script kept, everything else
 * (slashes, quotes, control characters) turned into single dashes, at most 80 characters (never
 * cutting a letter from its marks). Used when the server's answer names no file.
 */
export function fileNameFrom(title: string, suffix: string, extension: string): string {
  const dashed = title
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  const stem = truncateGraphemes(dashed, 80).replace(/-+$/, '');
  return `${stem || 'assessment'}-${suffix}.${extension}`;
}

/** The first `max` code points or fewer, ending on a grapheme boundary. */
function truncateGraphemes(text: string, max: number): string {
  if ([...text].length <= max) return text;
  let out = '';
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)) {
    if ([...out].length + [...segment].length > max) break;
    out += segment;
  }
  return out;
}
