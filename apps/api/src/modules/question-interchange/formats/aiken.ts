import { tooLarge, type Problem } from '../errors.ts';
import { INTERCHANGE_LIMITS } from '../types.ts';
import type { AikenItem } from './models.ts';
import { linesOf } from './text-decode.ts';

/**
 * Aiken (https://docs.moodle.org/en/Aiken_format): a question on one line, options 'A.' or
 * 'A)' on the next lines, then 'ANSWER: A'.
 */

export interface AikenReadItem {
  item: AikenItem;
  where: string;
  line: number;
}

const OPTION = /^([A-Z])[.)]\s+(.*)$/;
const ANSWER = /^ANSWER:\s*([A-Z])\s*$/i;

export const looksLikeAiken = (text: string): boolean =>
  ANSWER.test(
    linesOf(text)
      .map((l) => l.trim())
      .find((l) => /^ANSWER:/i.test(l)) ?? '',
  ) && linesOf(text).some((l) => OPTION.test(l.trim()));

/** A question the reader could not read: skipped with its line and what is wrong; the others are read. */
export interface AikenUnreadable {
  problem: Problem;
  where: string;
  line: number;
  /** Its first line (the question), so a teacher finds it. */
  words: string;
}

/**
 * Every question of an Aiken file, in order. A question that breaks the format is returned as
 * AikenUnreadable (at the line where it goes wrong) and the reader goes on after its ANSWER line,
 * or after the next blank line, as Moodle does; the caller refuses the file only when nothing in
 * it could be read.
 */
export function readAiken(text: string): (AikenReadItem | AikenUnreadable)[] {
  const lines = linesOf(text.replace(/^\uFEFF/, ''));
  const out: (AikenReadItem | AikenUnreadable)[] = [];
  let current: { line: number; item: AikenItem } | null = null;
  /** After a problem: the lines up to the question's end are not read. */
  let skipping = false;
  const fail = (index: number, problem: Problem, words: string, line = index + 1) => {
    out.push({ problem, where: `line ${index + 1}`, line, words });
    current = null;
    skipping = true;
  };
  lines.forEach((raw, index) => {
    const line = raw.trim();
    if (line === '') {
      // A blank line ends a broken question; inside a good one it is only spacing.
      skipping = false;
      return;
    }
    if (skipping) {
      if (ANSWER.test(line)) skipping = false;
      return;
    }
    const open = current as { line: number; item: AikenItem } | null;
    if (!open) {
      if (OPTION.test(line) && out.length > 0) return fail(index, { code: 'optionAfterAnswer' }, line);
      if (ANSWER.test(line)) {
        fail(index, { code: 'answerWithoutQuestion' }, line);
        skipping = false;
        return;
      }
      current = { line: index + 1, item: { text: line, options: [], answer: '' } };
      return;
    }
    const words = open.item.text.split('\n')[0]!;
    const option = OPTION.exec(line);
    if (option) {
      const expected = String.fromCharCode(65 + open.item.options.length);
      if (option[1] !== expected)
        return fail(
          index,
          { code: 'optionOrder', params: { expected, found: option[1]! } },
          words,
          open.line,
        );
      open.item.options.push({ letter: option[1]!, text: option[2]!.trim() });
      return;
    }
    const answer = ANSWER.exec(line);
    if (answer) {
      const letter = answer[1]!.toUpperCase();
      const problem: Problem | null =
        open.item.options.length < 2
          ? { code: 'twoOptions' }
          : !open.item.options.some((o) => o.letter === letter)
            ? { code: 'answerNotOption', params: { letter } }
            : null;
      if (problem) {
        fail(index, problem, words, open.line);
        skipping = false;
        return;
      }
      open.item.answer = letter;
      if (out.length >= INTERCHANGE_LIMITS.items) throw tooLarge('', 'too many questions');
      out.push({ item: open.item, where: `line ${open.line}`, line: open.line });
      current = null;
      return;
    }
    if (open.item.options.length === 0) {
      // A question text may wrap over several lines before its first option.
      open.item.text += `\n${line}`;
      return;
    }
    fail(index, { code: 'optionOrAnswer' }, words, open.line);
  });
  const last = current as { line: number; item: AikenItem } | null;
  if (last)
    out.push({
      problem: { code: 'noAnswerLine' },
      where: `line ${last.line}`,
      line: last.line,
      words: last.item.text.split('\n')[0]!,
    });
  return out;
}

export function writeAiken(items: AikenItem[]): string {
  return items
    .map((item) =>
      [item.text, ...item.options.map((o) => `${o.letter}. ${o.text}`), `ANSWER: ${item.answer}`].join('\n'),
    )
    .join('\n\n')
    .concat('\n');
}
