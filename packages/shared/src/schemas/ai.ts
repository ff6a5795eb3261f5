import { z } from 'zod';
import { QuestionSchema, QuestionTypeIdSchema } from '../questions/question.ts';
import { ASSESSMENT_LIMITS, DIFFICULTIES } from './assessments.ts';

/**
 * POST /api/ai/questions: generate questions with the language model (server side only).
 * docs/product/validation.md checks, with its messages as i18n keys of the `assessments` namespace:
 * a title ('ai.titleRequired' = 'Please provide a question title'), at least one type
 * ('ai.typesRequired' = 'Please select at least one question type'), and one with a count above 0
 * ('ai.countRequired' = 'Please select at least one question type with count > 0').
 */
/** Which question types to generate and how many of each (at least one, at most the generation's maximum in all). */
export const AiRequestedTypesSchema = z
  .array(
    z.object({
      type: QuestionTypeIdSchema,
      count: z.number().int().min(0).max(ASSESSMENT_LIMITS.aiQuestionsMax),
    }),
  )
  .min(1, 'assessments.ai.typesRequired')
  .refine((types) => types.some((t) => t.count > 0), 'assessments.ai.countRequired')
  .refine(
    (types) => types.reduce((n, t) => n + t.count, 0) <= ASSESSMENT_LIMITS.aiQuestionsMax,
    'assessments.ai.tooManyQuestions',
  );

/** The language generated questions are written in (BCP 47). */
export const AiQuestionLanguageSchema = z
  .string()
  .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'assessments.errors.languageInvalid')
  .default('en');

export const AiGenerateRequestSchema = z.object({
  title: z
    .string('assessments.ai.titleRequired')
    .trim()
    .min(1, 'assessments.ai.titleRequired')
    .max(ASSESSMENT_LIMITS.titleMax, 'assessments.errors.titleTooLong'),
  subject: z.string().trim().max(ASSESSMENT_LIMITS.subjectMax).default(''),
  difficulty: z.enum(DIFFICULTIES).default('Medium'),
  /** The language the questions are to be written in (BCP 47). */
  language: AiQuestionLanguageSchema,
  types: AiRequestedTypesSchema,
  /** Text to ground the questions in (pasted, or extracted from a document by POST /api/ai/source). */
  sourceText: z.string().max(ASSESSMENT_LIMITS.aiSourceTextMax, 'assessments.ai.sourceTooLong').default(''),
});
export type AiGenerateRequest = z.input<typeof AiGenerateRequestSchema>;

/**
 * The answer: questions mapped onto the registry and valid (ids fresh), and the items the model
 * returned that could not be used, each with why (docs/product/validation.md 'AI response' messages for the item,
 * e.g. 'Question 3 missing score field', or question-validation i18n keys). Nothing is saved: the
 * teacher reviews and edits, then saves the assessment.
 */
export const AiGenerateResponseSchema = z.object({
  questions: z.array(QuestionSchema),
  rejected: z.array(z.object({ index: z.number().int(), reasons: z.array(z.string()) })),
});
export type AiGenerateResponse = z.infer<typeof AiGenerateResponseSchema>;

/** POST /api/ai/source (multipart field `file`: PDF, DOCX, TXT or MD): the document's text, trimmed to the limit. */
export const AiSourceTextSchema = z.object({
  text: z.string(),
  truncated: z.boolean(),
  name: z.string(),
});
export type AiSourceText = z.infer<typeof AiSourceTextSchema>;
