import { malformed, tooLarge } from '../errors.ts';
import { INTERCHANGE_LIMITS } from '../types.ts';
import type { AikenItem } from './models.ts';
import { linesOf } from './text-decode.ts';

/**
 * Aiken (https://docs.moodle.org/en/Aiken_format): a question on one line, options 'A.' or
 * 'A)' on the next lines, then 'ANSWER: A'. Anything else is malformed, with its line.
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

export function readAiken(text: string): AikenReadItem[] {
  const lines = linesOf(text.replace(/^\uFEFF/, ''));
  const out: AikenReadItem[] = [];
  let current: { line: number; item: AikenItem } | null = null;
  lines.forEach((raw, index) => {
    const line = raw.trim();
    const where = `line ${index + 1}`;
    if (line === '') return;
    if (!current) {
      if (OPTION.test(line) && out.length > 0) throw malformed(where, 'an option after the answer line');
      if (ANSWER.test(line)) throw malformed(where, 'an answer line without a question');
      current = { line: index + 1, item: { text: line, options: [], answer: '' } };
      return;
    }
    const option = OPTION.exec(line);
    if (option) {
      const expected = String.fromCharCode(65 + current.item.options.length);
      if (option[1] !== expected) throw malformed(where, `option ${expected} expected, found ${option[1]}`);
      current.item.options.push({ letter: option[1]!, text: option[2]!.trim() });
      return;
    }
    const answer = ANSWER.exec(line);
    if (answer) {
      const letter = answer[1]!.toUpperCase();
      if (current.item.options.length < 2) throw malformed(where, 'a question needs at least two options');
      if (!current.item.options.some((o) => o.letter === letter))
        throw malformed(where, `the answer ${letter} is not an option`);
      current.item.answer = letter;
      if (out.length >= INTERCHANGE_LIMITS.items) throw tooLarge('', 'too many questions');
      out.push({ item: current.item, where: `line ${current.line}`, line: current.line });
      current = null;
      return;
    }
    if (current.item.options.length === 0) {
      // A question text may wrap over several lines before its first option.
      current.item.text += `\n${line}`;
      return;
    }
    throw malformed(where, 'expected an option (A. …) or ANSWER: X');
  });
  if (current)
    throw malformed(`line ${(current as { line: number }).line}`, 'the question has no ANSWER: line');
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
