import {
  isQuestionTypeId,
  newQuestion,
  type AssessmentStatus,
  type GenerationType,
  type Question,
  type QuestionTypeId,
} from '@vbuilder/shared';
import { emptyDetails, type DetailsValues } from '../editor/details-values.ts';

/** The wizard's steps, in docs/product/screens.md's order. */
export const WIZARD_STEPS = ['types', 'generation', 'details', 'questions'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export interface TypeChoice {
  type: QuestionTypeId;
  /** How many questions of this type the AI writes (1–50). */
  count: number;
}

/** Everything typed in the wizard, kept in localStorage so a reload loses nothing. */
export interface WizardDraft {
  version: 1;
  step: number;
  types: TypeChoice[];
  generationType: GenerationType | null;
  details: DetailsValues;
  questions: Question[];
  /** Publish now or keep as draft: asked on the last step, with no default (null until chosen). */
  publish?: AssessmentStatus | null;
}

export const draftKey = (userId: string) => `vbuilder.assessmentDraft.${userId}`;

export const emptyDraft = (language = 'en', instructor = ''): WizardDraft => ({
  version: 1,
  step: 0,
  types: [],
  generationType: null,
  details: emptyDetails(language, instructor),
  questions: [],
  publish: null,
});

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A stored draft this version of the wizard can continue (older or damaged ones are dropped). */
export function isWizardDraft(value: unknown): value is WizardDraft {
  if (!isObject(value) || value.version !== 1) return false;
  if (typeof value.step !== 'number' || value.step < 0 || value.step >= WIZARD_STEPS.length) return false;
  if (!Array.isArray(value.types) || !value.types.every((c) => isObject(c) && isQuestionTypeId(c.type))) {
    return false;
  }
  if (value.generationType !== null && value.generationType !== 'manual' && value.generationType !== 'ai') {
    return false;
  }
  if (!isObject(value.details) || typeof value.details.title !== 'string') return false;
  return (
    Array.isArray(value.questions) && value.questions.every((q) => isObject(q) && isQuestionTypeId(q.type))
  );
}

/** One empty question of each chosen type: where a manual assessment starts. */
export const seedQuestions = (types: readonly TypeChoice[]): Question[] =>
  types.map((choice) => newQuestion(choice.type));
