const UNSPACED_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/**
 * Words in plain text as a word processor counts them: runs separated by white space that hold a
 * letter or digit ("well-known" is one word, a lone dash none). Runs in scripts written without
 * spaces (Chinese, Japanese, Thai…) are split with the browser's word segmenter instead.
 */
export function countWords(text: string): number {
  const segmenter =
    typeof Intl !== 'undefined' && 'Segmenter' in Intl
      ? new Intl.Segmenter(undefined, { granularity: 'word' })
      : null;
  let count = 0;
  for (const run of text.split(/\s+/)) {
    if (!WORD_CHARACTER.test(run)) continue;
    if (segmenter && UNSPACED_SCRIPT.test(run)) {
      for (const segment of segmenter.segment(run)) if (segment.isWordLike) count += 1;
    } else {
      count += 1;
    }
  }
  return count;
}

/** Only http(s) and in-page blob URLs are ever put in an href or src (never javascript: or data:). */
export function safeUrl(url: string | undefined | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, window.location.origin);
    return ['http:', 'https:', 'blob:'].includes(parsed.protocol) ? parsed.href : null;
  } catch {
    return null;
  }
}

/** Accept-list entries a file picker understands: MIME types (image/png, audio/*) or extensions (.pdf). */
export function validAcceptEntries(types: readonly string[] | undefined): string[] {
  return (types ?? [])
    .map((type) => type.trim().toLowerCase())
    .filter((type) => /^\.[\w-]+$/.test(type) || /^[\w-]+\/([\w.+-]+|\*)$/.test(type));
}

const CARRIER_WILDCARDS = ['application/*', 'text/*', 'image/*', 'audio/*', 'video/*'];

/**
 * The Dropzone `accept` map for a list of MIME types and extensions. react-dropzone wants extensions
 * listed under a MIME type; they are hung on a wildcard the list doesn't name, which react-dropzone
 * then leaves out of the file input and the drop check (a wildcard paired with extensions means
 * "these extensions only"), so only the teacher's types pass.
 */
export function dropzoneAccept(entries: readonly string[]): Record<string, string[]> | undefined {
  if (entries.length === 0) return undefined;
  const accept: Record<string, string[]> = {};
  for (const entry of entries) if (entry.includes('/')) accept[entry] = [];
  const extensions = entries.filter((entry) => entry.startsWith('.'));
  const carrier = CARRIER_WILDCARDS.find((wildcard) => !(wildcard in accept));
  if (extensions.length && carrier) accept[carrier] = extensions;
  return accept;
}
