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

export class InterchangeFileError extends Error {
  readonly kind: InterchangeErrorKind;
  /** Where: 'line 12', 'quiz/question[3]', 'items/q1.xml: assessmentItem/itemBody'. Empty when the whole file. */
  readonly at: string;

  constructor(kind: InterchangeErrorKind, at: string, detail: string) {
    super(at ? `${at}: ${detail}` : detail);
    this.name = 'InterchangeFileError';
    this.kind = kind;
    this.at = at;
  }

  /** The i18n key of the message ('questionInterchange' namespace of the API's locales). */
  get messageKey(): string {
    return `questionInterchange:errors.${this.kind}`;
  }
}

export const malformed = (at: string, detail: string) => new InterchangeFileError('malformed', at, detail);
export const hostile = (at: string, detail: string) => new InterchangeFileError('hostile', at, detail);
export const tooLarge = (at: string, detail: string) => new InterchangeFileError('tooLarge', at, detail);
