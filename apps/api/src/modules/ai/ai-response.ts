import { randomUUID } from 'node:crypto';
import JSON5 from 'json5';
import {
  ExampleFormatError,
  QUESTION_TYPES,
  exampleToQuestion,
  exampleTypeId,
  validateQuestion,
  type AiGenerateResponse,
  type ErrorCode,
  type JsonValue,
  type Question,
  type QuestionTypeId,
} from '@vbuilder/shared';

/**
 * Reading what the language model answered (docs/product/validation.md 'AI response'), as a pure function so every
 * path is a table row in a test. The checks run in the order of docs/product/validation.md: non-empty, a JSON object in the
 * text, parseable, a questions array, then each item (an object, with question and score), and
 * finally the item mapped onto the question registry and validated like a hand-written question.
 */

/** The docs/product/validation.md messages for the whole answer, by the error code the API answers with. */
export const AI_RESPONSE_MESSAGES = {
  ai_empty_response: 'Empty response',
  ai_no_json: 'No valid JSON found',
  ai_parse_failed: 'Failed to parse JSON',
  ai_no_questions_array: 'Response must contain a questions array',
  ai_no_questions: 'No questions were generated',
} as const satisfies Partial<Record<ErrorCode, string>>;

export type AiResponseFailureCode = keyof typeof AI_RESPONSE_MESSAGES;

/**
 * Why one item could not be used. The first three are docs/product/validation.md's own messages; the others are
 * ours and follow their pattern (index 1-based, as a teacher counts), so the web can translate
 * them by shape. Validation problems are added as the shared schemas' i18n keys
 * ('questions.errors.optionEmpty').
 */
export const itemReasons = {
  invalidFormat: () => 'Invalid question format',
  missingQuestion: (index: number) => `Question ${index} missing question field`,
  missingScore: (index: number) => `Question ${index} missing score field`,
  missingType: (index: number) => `Question ${index} missing type field`,
  unknownType: (index: number) => `Question ${index} has an unknown type`,
  typeNotRequested: (index: number) => `Question ${index} has a type that was not requested`,
  doesNotFitType: (index: number, detail: string) => `Question ${index} does not fit its type: ${detail}`,
  /** A choice question of a type that wants one right answer (MCQ, Image-Based) naming none or several. */
  notOneCorrect: (index: number, count: number) =>
    `Question ${index} must have exactly one correct answer, not ${count}`,
  /** The same question text (ignoring case, spaces and punctuation) as an earlier item. */
  duplicate: (index: number, first: number) => `Question ${index} repeats question ${first}`,
  /** More of a type than the teacher asked for. */
  surplus: (index: number) => `Question ${index} is more than the number asked for`,
};

/** Types whose students choose the one correct answer (registry instructions 'Choose the one correct answer'). */
const SINGLE_CORRECT_TYPES: ReadonlySet<QuestionTypeId> = new Set(['multiple-choice', 'image-based']);

/** How many right answers an item names: one text, or a list of them. */
const correctCountOf = (answer: unknown) =>
  Array.isArray(answer) ? answer.length : isFilled(answer) ? 1 : 0;

/** Question texts compared as a teacher would: case, spacing and punctuation aside. */
export const sameTextKey = (text: string) =>
  text
    .normalize('NFKC')
    .toLocaleLowerCase('en')
    .replace(/[\p{P}\p{S}\s]+/gu, ' ')
    .trim();

export interface RequestedTypes {
  /** How many questions of each type were asked for (types outside the plan never get here). */
  counts: ReadonlyMap<QuestionTypeId, number>;
}

export type ParseOutcome =
  | { ok: true; result: AiGenerateResponse }
  | { ok: false; code: AiResponseFailureCode; rejected?: AiGenerateResponse['rejected'] };

/** Models wrap JSON in prose or ```json fences: the text from the first '{' to the last '}'. */
export function outermostObjectText(content: string): string | null {
  const start = content.indexOf('{');
  const end = content.lastIndexOf('}');
  return start === -1 || end <= start ? null : content.slice(start, end + 1);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isFilled = (value: unknown) =>
  value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '');

/** Scores come as numbers or numeric texts; questions score in half points (QuestionSchema). */
function readScore(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
  if (!Number.isFinite(n)) return null;
  return Math.max(0.5, Math.round(n * 2) / 2);
}

/** Which requested type an item is: the type it names, or the only type asked for when it names none. */
function typeOfItem(
  item: Record<string, unknown>,
  index: number,
  requested: RequestedTypes,
): { typeId: QuestionTypeId } | { reason: string } {
  if (!isFilled(item.type)) {
    const only = requested.counts.size === 1 ? [...requested.counts.keys()][0] : undefined;
    return only ? { typeId: only } : { reason: itemReasons.missingType(index) };
  }
  const typeId = typeof item.type === 'string' ? exampleTypeId({ type: item.type }) : null;
  if (!typeId) return { reason: itemReasons.unknownType(index) };
  if (!requested.counts.has(typeId)) return { reason: itemReasons.typeNotRequested(index) };
  return { typeId };
}

/** One item of the model's questions array: a valid question, or the reasons it cannot be used. */
export function readItem(
  item: unknown,
  index: number,
  requested: RequestedTypes,
): { question: Question } | { reasons: string[] } {
  if (!isRecord(item)) return { reasons: [itemReasons.invalidFormat()] };
  const missing: string[] = [];
  if (!isFilled(item.question) || typeof item.question !== 'string')
    missing.push(itemReasons.missingQuestion(index));
  const score = readScore(item.score);
  if (score === null) missing.push(itemReasons.missingScore(index));
  if (missing.length > 0) return { reasons: missing };

  const type = typeOfItem(item, index, requested);
  if ('reason' in type) return { reasons: [type.reason] };

  // exampleToQuestion would read two right answers as a multiple-answer question: a silent repair.
  if (SINGLE_CORRECT_TYPES.has(type.typeId) && correctCountOf(item.answer) !== 1)
    return { reasons: [itemReasons.notOneCorrect(index, correctCountOf(item.answer))] };

  const name = QUESTION_TYPES.find((t) => t.id === type.typeId)!.name;
  let draft: Record<string, unknown>;
  try {
    draft = exampleToQuestion(
      {
        type: name,
        question: (item.question as string).trim(),
        options: (item.options ?? null) as JsonValue,
        answer: (item.answer ?? null) as JsonValue,
        score: score!,
        instructions: typeof item.instructions === 'string' ? item.instructions.trim() : '',
        ...(typeof item.maxWords === 'number' ? { maxWords: item.maxWords } : {}),
      },
      randomUUID(),
    ) as Record<string, unknown>;
  } catch (error) {
    if (error instanceof ExampleFormatError)
      return { reasons: [itemReasons.doesNotFitType(index, error.message)] };
    throw error;
  }
  // Empty instructions mean the type's default ones (the web shows them translated).
  if (draft.instructions === '') delete draft.instructions;
  // A model cannot draw: an address it gives points at nothing we can show (the site's CSP
  // allows our own and inline images only), so the teacher adds the image while reviewing.
  if (typeof draft.imageUrl === 'string' && !draft.imageUrl.startsWith('data:image/')) draft.imageUrl = null;

  const issues = validateQuestion(draft);
  if (issues.length > 0) return { reasons: [...new Set(issues.map((issue) => issue.message))] };
  return { question: draft as Question };
}

/** An accepted item: the question and, when the model gave one, the source passage it comes from. */
export interface ReadQuestion {
  question: Question;
  passage: string | null;
}

export type ReaderOutcome = { accepted: ReadQuestion } | { rejected: AiGenerateResponse['rejected'][number] };

/**
 * Reads the items of one answer in order, one at a time, so a streamed answer is judged as it
 * arrives and a whole one the same way. An item is accepted, or rejected with its reasons: not a
 * valid question of a requested type, the same text as an earlier item, or more of its type than
 * asked for. Nothing is repaired; every rejection is said.
 */
export function questionReader(requested: RequestedTypes) {
  const taken = new Map<QuestionTypeId, number>();
  const texts = new Map<string, number>();
  let index = 0;
  return {
    read(item: unknown): ReaderOutcome {
      index += 1;
      const read = readItem(item, index, requested);
      if ('reasons' in read) return { rejected: { index, reasons: read.reasons } };
      const key = sameTextKey(read.question.text);
      const first = texts.get(key);
      if (first !== undefined) return { rejected: { index, reasons: [itemReasons.duplicate(index, first)] } };
      const type = read.question.type;
      const count = taken.get(type) ?? 0;
      if (count >= (requested.counts.get(type) ?? 0))
        return { rejected: { index, reasons: [itemReasons.surplus(index)] } };
      texts.set(key, index);
      taken.set(type, count + 1);
      const passage = isRecord(item) && typeof item.passage === 'string' ? item.passage.trim() : '';
      return { accepted: { question: read.question, passage: passage || null } };
    },
  };
}

/** The JSON5 value of one item's text (a streamed item arrives as text); undefined when unreadable. */
export function parseItemText(text: string): unknown {
  try {
    return JSON5.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Reads the model's whole answer. Valid questions keep the model's order; a type gets at most the
 * number asked for (extra ones are rejected, saying so), and a repeated question is rejected too.
 * With no valid question at all the outcome is ai_no_questions, carrying the rejected items.
 */
export function parseAiResponse(content: string | null | undefined, requested: RequestedTypes): ParseOutcome {
  if (!content || content.trim() === '') return { ok: false, code: 'ai_empty_response' };
  const objectText = outermostObjectText(content);
  if (objectText === null) return { ok: false, code: 'ai_no_json' };

  let parsed: unknown;
  try {
    // JSON5 also reads what models often send: trailing commas, single quotes, comments.
    parsed = JSON5.parse(objectText);
  } catch {
    return { ok: false, code: 'ai_parse_failed' };
  }
  if (!isRecord(parsed) || !Array.isArray(parsed.questions))
    return { ok: false, code: 'ai_no_questions_array' };

  const reader = questionReader(requested);
  const questions: Question[] = [];
  const rejected: AiGenerateResponse['rejected'] = [];
  for (const item of parsed.questions as unknown[]) {
    const outcome = reader.read(item);
    if ('accepted' in outcome) questions.push(outcome.accepted.question);
    else rejected.push(outcome.rejected);
  }

  if (questions.length === 0) return { ok: false, code: 'ai_no_questions', rejected };
  return { ok: true, result: { questions, rejected } };
}

/**
 * Finds the complete items of the `"questions": [ ... ]` array in a text that is still arriving:
 * give it the whole text so far, get back the texts of the items completed since the last call.
 * Strings (with escapes) are skipped, so braces inside question texts do not count.
 */
export function itemScanner() {
  let pos = -1; // where scanning resumes; -1 until the array has been found
  let depth = 0;
  let inString: string | null = null;
  let escaped = false;
  let itemStart = -1;
  let closed = false;
  return {
    /** Whether the questions array has opened (and so the answer holds questions at all). */
    get started() {
      return pos !== -1;
    },
    get finished() {
      return closed;
    },
    scan(text: string): string[] {
      if (closed) return [];
      if (pos === -1) {
        const found = /["']?questions["']?\s*:\s*\[/.exec(text);
        if (!found) return [];
        pos = found.index + found[0].length;
      }
      const items: string[] = [];
      for (; pos < text.length; pos++) {
        const c = text[pos]!;
        if (inString) {
          if (escaped) escaped = false;
          else if (c === '\\') escaped = true;
          else if (c === inString) inString = null;
          continue;
        }
        if (c === '"' || c === "'") {
          inString = c;
        } else if (c === '{' || c === '[') {
          if (depth === 0) itemStart = pos;
          depth += 1;
        } else if (c === '}' || c === ']') {
          if (depth === 0) {
            closed = true; // the array's own closing bracket
            pos += 1;
            break;
          }
          depth -= 1;
          if (depth === 0 && itemStart !== -1) {
            items.push(text.slice(itemStart, pos + 1));
            itemStart = -1;
          }
        }
      }
      return items;
    },
  };
}
