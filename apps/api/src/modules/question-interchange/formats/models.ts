import type { RichText } from '../rich-text.ts';

/**
 * The small format-neutral-ish intermediates each format's reader produces and writer consumes;
 * family converters (families/<family>/<format>.ts) map them to and from vbuilder questions.
 */

/** One answer of a Moodle question (multichoice, truefalse, shortanswer, numerical, ordering...). */
export interface MoodleAnswer {
  /** 0..100 (percent), may be negative for penalties. */
  fraction: number;
  text: RichText;
  feedback: string;
  /** numerical only */
  tolerance?: number;
}

/** A gap of a Moodle cloze (multianswer) question. */
export interface ClozeGap {
  /** SHORTANSWER, SHORTANSWER_C, NUMERICAL, MULTICHOICE, MULTIRESPONSE... (long names). */
  kind: string;
  weight: number;
  answers: { fraction: number; text: string; feedback: string; tolerance?: number }[];
}

export interface MoodleItem {
  /** multichoice, truefalse, shortanswer, numerical, matching, essay, multianswer, ordering, ddwtos... */
  type: string;
  name: string;
  text: RichText;
  generalFeedback: string;
  defaultGrade: number | null;
  /** Scalar children: single, shuffleanswers, usecase, responseformat, responsefieldlines,
   * attachments, graderinfo, responsetemplate, layouttype, numbering... */
  fields: Record<string, string>;
  answers: MoodleAnswer[];
  subquestions: { text: RichText; answer: string }[];
  /** multianswer: the gaps, in the order of their [[n]] markers in `text`. */
  gaps: ClozeGap[];
  /** Any per-answer or combined feedback (correctfeedback, incorrectfeedback...) was present. */
  hasFeedback: boolean;
  tags: string[];
}

export interface GiftAnswer {
  text: string;
  /** Percent: 100 for '=', 0 for '~', n for '~%n%' (negative allowed). */
  weight: number;
  feedback: string;
}

export interface GiftItem {
  title: string;
  text: RichText;
  /** Missing-word questions: the text after the answer block ('' when the block ends the question). */
  textAfter: string;
  kind: 'choice' | 'trueFalse' | 'short' | 'matching' | 'numeric' | 'essay' | 'description';
  answers: GiftAnswer[];
  trueFalse: boolean | null;
  matches: { left: string; right: string }[];
  numeric: { min: number; max: number; weight: number }[];
  /** Feedback present (per answer or general '####'). */
  hasFeedback: boolean;
  generalFeedback: string;
  tags: string[];
}

export interface AikenItem {
  text: string;
  options: { letter: string; text: string }[];
  answer: string;
}

/** One interaction of a QTI item (2.x, 3.0 and 1.2 read into this). */
export type QtiInteraction =
  | {
      kind: 'choice';
      choices: { id: string; text: RichText }[];
      correct: string[];
      maxChoices: number;
      shuffle: boolean;
      /** Mapped scores of choices, when the item maps them (partial credit). */
      mapping: Record<string, number>;
    }
  | {
      kind: 'textEntry';
      correct: string[];
      caseSensitive: boolean;
      /** Mapped answers worth less than full marks (partial credit vbuilder does not keep). */
      partial?: string[];
    }
  | {
      kind: 'extendedText';
      format: 'plain' | 'preformatted' | 'xhtml';
      expectedLength: number | null;
      /** Model answer / rubric the item carries (rubric block or correct response). */
      modelAnswer: string;
    }
  | {
      kind: 'match';
      sources: { id: string; text: string; matchMax: number }[];
      targets: { id: string; text: string; matchMax: number }[];
      /** [source id, target id] pairs. */
      correct: [string, string][];
    }
  | { kind: 'order'; choices: { id: string; text: string }[]; correct: string[] }
  | { kind: 'upload'; types: string[] }
  | { kind: 'other'; name: string };

export interface QtiItem {
  identifier: string;
  title: string;
  /** The item's prompt: the body (and interaction prompts) without its interactions. */
  text: RichText;
  /**
   * Inline text entries (fill in the blanks): the block holding them with [[1]], [[2]]… where
   * the entries are, and each entry in marker order. Empty when the item has none.
   */
  passage: string;
  /** Block interactions in body order, then the inline text entries. */
  interactions: QtiInteraction[];
  score: number | null;
  /** Feedback (modal or inline) present. */
  hasFeedback: boolean;
  /** vbuilder type a vbuilder export names in the item (class 'vbuilder-type-<id>'). */
  typeHint: string | null;
  /** What the markers read: the item's rubric blocks for scorers (QTI 3 `view="scorer"`), as text. */
  rubric?: string;
}
