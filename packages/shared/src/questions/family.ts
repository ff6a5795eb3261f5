import type { z } from 'zod';

/** What marking one answer gives. `details` lets a player show which parts were right. */
export interface MarkResult {
  /** Points earned, 0..max, rounded to two decimals. */
  score: number;
  max: number;
  /** true when every part is right; false when not; null when a person must mark it. */
  correct: boolean | null;
  /** 'auto': marked here; 'manual': waiting for a teacher; 'unscored': counts for nothing (surveys). */
  status: 'auto' | 'manual' | 'unscored';
  /** Family-specific breakdown, e.g. per gap or per pair: { key: boolean }. */
  details?: Record<string, boolean>;
}

/**
 * A question family owns behaviour: the shape of a question's configuration, the shape of an
 * answer, and how an answer is marked. A question type (registry.ts) is data that names a family.
 * `mark` is pure and total: a malformed answer scores 0 with correct=false, never throws.
 */
export interface QuestionFamily<Config, Answer> {
  id: FamilyId;
  config: z.ZodType<Config>;
  answer: z.ZodType<Answer>;
  /** The answer a teacher would give (for previews and the "expected answer" display). */
  expectedAnswer(config: Config): Answer | null;
  mark(config: Config, answer: unknown, maxScore: number): MarkResult;
}

export const FAMILY_IDS = [
  'choice',
  'trueFalse',
  'shortAnswer',
  'fillBlanks',
  'matching',
  'ordering',
  'dragDrop',
  'crossword',
  'open',
] as const;
export type FamilyId = (typeof FAMILY_IDS)[number];

export function defineFamily<Config, Answer>(
  family: QuestionFamily<Config, Answer>,
): QuestionFamily<Config, Answer> {
  return family;
}

/** Points rounded to two decimals so partial credit never shows 0.3333333. */
export const roundScore = (value: number): number => Math.round(value * 100) / 100;

/** The result for an answer that does not fit the family's answer schema. */
export const malformed = (max: number): MarkResult => ({ score: 0, max, correct: false, status: 'auto' });
