/**
 * The number of questions a teacher's own words ask for ("write 10 questions", "10 câu hỏi",
 * "๑๐ ข้อ", "10道题", "maswali 10"), so the composer can show when it differs from the counts of
 * the form.
 *
 * The rule: the form's counts are what is sent and what the answer is checked against (a number in
 * prose names no question type, and the per-type counts decide which types are written). When the
 * words name another number, the composer shows both numbers before Send and offers to use the
 * words' number when the form has a single type; the server's prompt also tells the model that
 * the form's number wins. Only a number written in digits (any script's) next to a word for
 * questions counts, so "chapter 5" or "grade 7" is not mistaken for a count.
 */

/** Words for "question(s)" (and the counters used with them) in the 12 languages of the interface. */
const QUESTION_WORDS = [
  'questions',
  'question',
  'qs',
  'items',
  'প্রশ্ন',
  'টি প্রশ্ন',
  'tanong',
  'katanungan',
  'pertanyaan',
  'soalan',
  'soal',
  'សំណួរ',
  'မေးခွန်း',
  'प्रश्न',
  'प्रश्नहरू',
  'maswali',
  'swali',
  'คำถาม',
  'ข้อ',
  'câu hỏi',
  'câu',
  '道题',
  '个问题',
  '道',
  '题',
  '问题',
  '問題',
];

/** The zero of each script's decimal digits that teachers of these languages write. */
const ZEROS = [0x30, 0x966, 0x9e6, 0xe50, 0x17e0, 0x1040, 0xff10];

function digitValue(char: string): number | null {
  const code = char.codePointAt(0)!;
  for (const zero of ZEROS) if (code >= zero && code <= zero + 9) return code - zero;
  return null;
}

/** A run of digits (any of ZEROS' scripts) as a number. */
function numberOf(digits: string): number {
  return [...digits].reduce((n, c) => n * 10 + (digitValue(c) ?? 0), 0);
}

const DIGIT =
  '[0-9\\u0966-\\u096F\\u09E6-\\u09EF\\u0E50-\\u0E59\\u17E0-\\u17E9\\u1040-\\u1049\\uFF10-\\uFF19]';
const WORD = QUESTION_WORDS.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
/** "10 questions", "10道题", "১০টি প্রশ্ন" (number first) or "maswali 10", "คำถาม 10 ข้อ" (word first). */
const NUMBER_FIRST = new RegExp(`(${DIGIT}+)\\s*(?:টি\\s*)?(?:${WORD})`, 'giu');
const WORD_FIRST = new RegExp(`(?:${WORD})\\s*(${DIGIT}+)`, 'giu');

/**
 * The number of questions the words ask for, or null when they name none (or name several
 * different ones, which cannot be told apart here).
 */
export function askedCount(text: string): number | null {
  const found = new Set<number>();
  for (const pattern of [NUMBER_FIRST, WORD_FIRST]) {
    for (const match of text.matchAll(pattern)) {
      const value = numberOf(match[1]!);
      if (value > 0) found.add(value);
    }
  }
  return found.size === 1 ? [...found][0]! : null;
}
