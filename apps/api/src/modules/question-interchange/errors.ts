/**
 * A file the interchange cannot read. The route answers 400 with the message translated from
 * 'questionInterchange:errors.<kind>' and `at` (a line for GIFT and Aiken, an element path such
 * as 'quiz/question[3]/answer[2]' for XML, a file name inside a package); nothing is imported.
 */
export type InterchangeErrorKind =
  /** Not valid in its format (bad XML, unclosed GIFT braces, an Aiken question without ANSWER:). */
  | 'malformed'
  /** Refused for safety: DTDs and entities (XXE, billion laughs), zip bombs, paths out of a package. */
  | 'hostile'
  /** Over INTERCHANGE_LIMITS (file size, zip entries, items). */
  | 'tooLarge'
  /** No format given and none recognised. */
  | 'unknownFormat';

/**
 * Why one question of a GIFT or Aiken file could not be read: a key of
 * 'questionInterchange:problems' and its values. The reader skips that question and goes on.
 */
export const PROBLEM_CODES = [
  'notANumber',
  'answerPrefix',
  'titleNotClosed',
  'answersNotClosed',
  'oneAnswerBlock',
  'optionAfterAnswer',
  'answerWithoutQuestion',
  'optionOrder',
  'twoOptions',
  'answerNotOption',
  'noAnswerLine',
  'optionOrAnswer',
] as const;
export type ProblemCode = (typeof PROBLEM_CODES)[number];
export interface Problem {
  code: ProblemCode;
  params?: Record<string, string | number>;
}

export class InterchangeFileError extends Error {
  readonly kind: InterchangeErrorKind;
  /** For a question a text reader could not read: what is wrong, translatable. */
  readonly problem?: Problem;
  /** Where: 'line 12', 'quiz/question[3]', 'items/q1.xml: assessmentItem/itemBody'. Empty when the whole file. */
  readonly at: string;

  constructor(kind: InterchangeErrorKind, at: string, detail: string, problem?: Problem) {
    super(at ? `${at}: ${detail}` : detail);
    this.name = 'InterchangeFileError';
    this.kind = kind;
    this.at = at;
    if (problem) this.problem = problem;
  }

  /** The i18n key of the message ('questionInterchange' namespace of the API's locales). */
  get messageKey(): string {
    return `questionInterchange:errors.${this.kind}`;
  }
}

export const malformed = (at: string, detail: string) => new InterchangeFileError('malformed', at, detail);
export const hostile = (at: string, detail: string) => new InterchangeFileError('hostile', at, detail);
export const tooLarge = (at: string, detail: string) => new InterchangeFileError('tooLarge', at, detail);
/** A question of a GIFT or Aiken file that cannot be read (the reader skips it and goes on). */
export const unreadable = (at: string, detail: string, problem: Problem) =>
  new InterchangeFileError('malformed', at, detail, problem);
