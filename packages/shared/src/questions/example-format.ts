import { z } from 'zod';

/**
 * The docs/product/data.md "Question example" shape and the helpers every family's example conversion
 * (families/<family>/example.ts) reads it with. Nothing here knows a family.
 */

/** Any JSON value: what an example's options and answer may hold. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export const EXAMPLE_SCORE_MIN = 2;
export const EXAMPLE_SCORE_MAX = 40;
/** docs/product/data.md, docs/product/limits.md: only the Short Answers example has maxWords, and it is 50. */
export const EXAMPLE_SHORT_ANSWER_MAX_WORDS = 50;

/**
 * A question example (docs/product/data.md "Question example"): what the examples page shows and a teacher
 * copies as a template. `type` is the type's name ('MCQ', 'Drag & Drop'...). `options` holds the
 * options or the additional information (strings, lists or objects), null when there is none;
 * `answer` the expected answer.
 *
 * Shapes by family (each family's example.ts reads and writes exactly these):
 * - choice: options string[] (Image-Based: { imageUrl, choices: string[] }); answer the correct
 *   option's text (string[] when several are correct).
 * - trueFalse: options ['True', 'False']; answer 'True' or 'False'.
 * - fillBlanks: options the passage, a string with a blank (3 or more underscores) per gap;
 *   answer string[], one per blank in order.
 * - shortAnswer: options null; answer the accepted answer (string or string[]); maxWords 50.
 * - matching: options { prompts: string[], matches: string[] } (a match no prompt uses is a
 *   distractor); answer { prompt: match }.
 * - ordering: options string[] in a jumbled order; answer string[] in the correct order.
 * - dragDrop: options { dragItems: string[], dropZones: string[], imageUrl? }; answer
 *   { item: zone } (an item left out belongs nowhere).
 * - crossword: options string[] (the clues); answer string[] (the words, same order).
 * - open: options null or { context?, tasks?, items?: { theory, comment }[], link?, linkLabel?,
 *   rubric?, language?, starterCode?, acceptedFileTypes? } (Survey-Based: options string[], the
 *   choices); answer the model answer (string, or string[] of key points).
 */
export interface QuestionExample {
  type: string;
  question: string;
  options: JsonValue;
  answer: JsonValue;
  score: number;
  instructions: string;
  maxWords?: number;
}

// Plain unknown rather than z.json(): a recursive schema becomes an OpenAPI $ref the API's
// document does not publish. The examples' JSON-ness is checked by their JSON5 round trip.
const JsonValueSchema = z
  .unknown()
  .describe(
    'Any JSON value: strings, lists or objects (docs/product/data.md "Question example")',
  ) as z.ZodType<JsonValue>;

export const QuestionExampleSchema = z.object({
  type: z.string().min(1),
  question: z.string().min(1),
  options: JsonValueSchema,
  answer: JsonValueSchema,
  score: z.number().int().min(EXAMPLE_SCORE_MIN).max(EXAMPLE_SCORE_MAX),
  instructions: z.string().min(1),
  maxWords: z.number().int().positive().optional(),
});

/** Thrown by exampleToQuestion when the example's options or answer do not fit its type. */
export class ExampleFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExampleFormatError';
  }
}

export const isJsonRecord = (value: unknown): value is Record<string, JsonValue> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A list of texts, or ExampleFormatError naming `what`. */
export function exampleStrings(value: unknown, what: string): string[] {
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) {
    throw new ExampleFormatError(`${what} must be a list of texts`);
  }
  return value;
}

/** A text, or ExampleFormatError naming `what`. */
export function exampleText(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new ExampleFormatError(`${what} must be a text`);
  return value;
}

/** A { text: text } record, or ExampleFormatError naming `what`. */
export function exampleStringRecord(value: unknown, what: string): Record<string, string> {
  if (!isJsonRecord(value) || !Object.values(value).every((v) => typeof v === 'string')) {
    throw new ExampleFormatError(`${what} must map texts to texts`);
  }
  return value as Record<string, string>;
}

/** One text when there is one, else the list (answers that may be either). */
export const oneOrMany = (values: readonly string[]): JsonValue =>
  values.length === 1 ? values[0]! : [...values];
