import type { MarkResult, QuestionFamily } from './family.ts';
import { FAMILIES } from './families/index.ts';
import { getQuestionType } from './type-info.ts';
import type { QuestionTypeId } from './types.ts';

export * from './type-info.ts';

/** The family that owns a type's behaviour (schemas, marking, default config, examples, student view). */
export function familyOf(typeId: QuestionTypeId): QuestionFamily<unknown, unknown> {
  return FAMILIES[getQuestionType(typeId).family] as QuestionFamily<unknown, unknown>;
}

/**
 * Marks a student's answer to a question with the question's score as the maximum. Pure and
 * total: a malformed answer (or a config that no longer fits its family) scores 0.
 */
export function markQuestion(
  question: { type: QuestionTypeId; score: number; config: unknown },
  answer: unknown,
): MarkResult {
  return familyOf(question.type).mark(question.config, answer, question.score);
}

/**
 * A starting config for a new question of this type, from its family (each family's
 * `defaultConfig` says what it holds). It has the shape of the family's config with empty teacher
 * fields (option texts, accepted answers, prompts, the True/False choice...), so it fails
 * QuestionSchema only on what a teacher must fill, each with the docs/product/validation.md message. Part ids are
 * short strings: options 'a'..'d', zones 'z1'.., items 'i1'.., pairs/entries '1'...
 */
export function defaultConfig(typeId: QuestionTypeId): Record<string, unknown> {
  const type = getQuestionType(typeId);
  return familyOf(typeId).defaultConfig(type) as Record<string, unknown>;
}
