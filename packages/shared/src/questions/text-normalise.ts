/**
 * Normalisation for typed answers (short answers and fill in the blanks), so that marking forgives
 * what a reader would not notice: Unicode look-alikes (NFKC folds full-width letters and ligatures),
 * spaces around or inside the answer, letter case (unless the teacher asks for it) and a closing
 * full stop, exclamation or question mark.
 */
export function normaliseAnswerText(value: string, caseSensitive: boolean): string {
  const folded = value
    .normalize('NFKC')
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(/[.!?]+$/u, '')
    .trimEnd();
  return caseSensitive ? folded : folded.toLowerCase();
}

/** Whether `value` matches one of the accepted answers after normalisation. */
export function matchesAccepted(value: string, accepted: readonly string[], caseSensitive: boolean): boolean {
  const given = normaliseAnswerText(value, caseSensitive);
  if (given === '') return false;
  return accepted.some((candidate) => normaliseAnswerText(candidate, caseSensitive) === given);
}

/** Words as a reader counts them: runs of non-space characters. */
export function countWords(value: string): number {
  const text = value.normalize('NFKC');
  // Word segmentation by the Unicode rules (Intl.Segmenter), not by spaces: Chinese, Thai, Khmer
  // and Burmese write without spaces between words, and a space split would count a whole answer
  // as one word. The player and the marker use this one function so they always agree.
  let words = 0;
  for (const segment of wordSegmenter().segment(text)) if (segment.isWordLike) words++;
  return words;
}

// Made on first use, not when the module loads: a word segmenter loads the ICU word-break data,
// about 50 ms on a slow phone, which every screen importing this module paid before its first
// render (the attempt screen's cold load).
let wordSegmenterInstance: Intl.Segmenter | undefined;
const wordSegmenter = () =>
  (wordSegmenterInstance ??= new Intl.Segmenter(undefined, { granularity: 'word' }));
