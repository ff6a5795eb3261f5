import { z } from 'zod';
import { QuestionSchema, QuestionTypeIdSchema } from '../questions/question.ts';
import { DIFFICULTIES } from './assessments.ts';
import { BANK_LIMITS, BankTagsSchema } from './draw-rules.ts';
import { pageOf, PageQuerySchema } from './pagination.ts';

/**
 * The question bank of an organization: nested categories, and questions with tags and
 * a difficulty, written by its teachers and administrators and used in assessments by reference or
 * by copy. Messages are i18n keys of the web's `questionBank` namespace.
 */

const CategoryNameSchema = z
  .string('questionBank.errors.categoryNameRequired')
  .trim()
  .min(1, 'questionBank.errors.categoryNameRequired')
  .max(BANK_LIMITS.categoryNameMax, 'questionBank.errors.categoryNameTooLong');

/** POST /api/question-bank/categories. */
export const BankCategoryInputSchema = z.object({
  name: CategoryNameSchema,
  /** Null: a top-level category. */
  parentId: z.uuid().nullable().default(null),
});
export type BankCategoryInput = z.input<typeof BankCategoryInputSchema>;

/** PATCH /api/question-bank/categories/:categoryId: rename, or move under another parent (null: top level). */
export const BankCategoryUpdateSchema = z.object({
  name: CategoryNameSchema.optional(),
  parentId: z.uuid().nullable().optional(),
});
export type BankCategoryUpdate = z.input<typeof BankCategoryUpdateSchema>;

export const BankCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  parentId: z.string().nullable(),
  /** Questions directly in this category (not in its subcategories). */
  questionCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BankCategory = z.infer<typeof BankCategorySchema>;

/** GET /api/question-bank/categories: the whole tree, flat, each with its parent (siblings by name). */
export const BankCategoryListSchema = z.object({ items: z.array(BankCategorySchema) });
export type BankCategoryList = z.infer<typeof BankCategoryListSchema>;

/** POST /api/question-bank/questions and PUT /api/question-bank/questions/:bankQuestionId. */
export const BankQuestionInputSchema = z.object({
  /** Its `id` and `bankRef` are ignored: a bank question's id is the bank's. */
  question: QuestionSchema,
  /** Null: not in any category. */
  categoryId: z.uuid().nullable().default(null),
  tags: BankTagsSchema(BANK_LIMITS.tagsMax).default([]),
  difficulty: z.enum(DIFFICULTIES, 'questionBank.errors.difficultyInvalid').default('Medium'),
});
export type BankQuestionInput = z.input<typeof BankQuestionInputSchema>;
export type BankQuestionValues = z.output<typeof BankQuestionInputSchema>;

const PersonSchema = z.object({ id: z.string(), name: z.string() });

export const BankQuestionSchema = z.object({
  id: z.string(),
  categoryId: z.string().nullable(),
  tags: z.array(z.string()),
  difficulty: z.enum(DIFFICULTIES),
  /** The question as an assessment uses it; its id is the bank question's. */
  question: QuestionSchema,
  createdBy: PersonSchema.nullable(),
  /** Assessments (not deleted) that use it by reference. */
  linkedAssessments: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BankQuestion = z.infer<typeof BankQuestionSchema>;

/**
 * GET /api/question-bank/questions/:id/links: the assessments using a bank question by reference.
 * A locked one has been started by a student: saving the bank question leaves it its copy; the
 * others change with it.
 */
export const BankQuestionLinksSchema = z.object({
  items: z.array(z.object({ id: z.string(), title: z.string(), locked: z.boolean() })),
});
export type BankQuestionLinks = z.infer<typeof BankQuestionLinksSchema>;

export const BoolQuery = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true');

/** One value or several (?tag=a&tag=b): a query string gives a string for one. */
export const ManyQuery = <T extends z.ZodType>(item: T) =>
  z.union([item, z.array(item)]).transform((v) => (Array.isArray(v) ? v : [v]) as z.output<T>[]);

export const BANK_SORT_FIELDS = ['updatedAt', 'createdAt', 'text'] as const;

/** GET /api/question-bank/questions: search (`search`: the question's text) and filters, one page. */
export const BankQuestionListQuerySchema = PageQuerySchema.extend({
  categoryId: z.uuid().optional(),
  /** With categoryId: its subcategories' questions too (default). */
  includeSubcategories: BoolQuery.default(true),
  /** Only questions in no category. */
  uncategorized: BoolQuery.default(false),
  type: ManyQuery(QuestionTypeIdSchema).optional(),
  difficulty: z.enum(DIFFICULTIES).optional(),
  /** Questions carrying every one of these tags. */
  tag: ManyQuery(z.string().trim().toLowerCase().min(1).max(BANK_LIMITS.tagMax)).optional(),
  authorId: z.uuid().optional(),
  sort: z.enum(BANK_SORT_FIELDS).default('updatedAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type BankQuestionListQuery = z.input<typeof BankQuestionListQuerySchema>;
export type BankQuestionListParams = z.output<typeof BankQuestionListQuerySchema>;
export const BankQuestionListSchema = pageOf(BankQuestionSchema);
export type BankQuestionList = z.infer<typeof BankQuestionListSchema>;

/** GET /api/question-bank/tags: the organization's tags with how many questions carry each. */
export const BankTagListSchema = z.object({
  items: z.array(z.object({ tag: z.string(), count: z.number().int() })),
});
export type BankTagList = z.infer<typeof BankTagListSchema>;

/** GET /api/question-bank/authors: who wrote the bank's questions (the author filter's choices). */
export const BankAuthorListSchema = z.object({ items: z.array(PersonSchema) });
export type BankAuthorList = z.infer<typeof BankAuthorListSchema>;

export const BANK_USE_MODES = ['reference', 'copy'] as const;
export type BankUseMode = (typeof BANK_USE_MODES)[number];

/**
 * POST /api/question-bank/assessments/:assessmentId/questions: bank questions appended to a saved
 * assessment, by reference (they follow the bank's edits until an attempt starts) or by copy.
 */
export const AddToAssessmentSchema = z.object({
  questionIds: z.array(z.uuid()).min(1).max(100),
  mode: z.enum(BANK_USE_MODES).default('copy'),
});
export type AddToAssessmentInput = z.input<typeof AddToAssessmentSchema>;

/**
 * POST /api/question-bank/assessments/:assessmentId/save-to-bank: a saved question of the
 * assessment becomes a bank question; with `link`, the assessment's question then refers to it.
 */
export const SaveFromAssessmentSchema = z.object({
  questionId: z.string().min(1).max(64),
  categoryId: z.uuid().nullable().default(null),
  tags: BankTagsSchema(BANK_LIMITS.tagsMax).default([]),
  difficulty: z.enum(DIFFICULTIES).default('Medium'),
  link: z.boolean().default(false),
});
export type SaveFromAssessmentInput = z.input<typeof SaveFromAssessmentSchema>;

/** POST /api/question-bank/draw-preview: how many bank questions a draw rule can pick from. */
export const DrawPoolQuerySchema = z.object({
  categoryId: z.uuid(),
  includeSubcategories: z.boolean().default(true),
  tags: BankTagsSchema(BANK_LIMITS.drawTagsMax).default([]),
  types: z.array(QuestionTypeIdSchema).max(64).default([]),
});
export type DrawPoolQuery = z.input<typeof DrawPoolQuerySchema>;
export const DrawPoolSchema = z.object({ available: z.number().int() });
export type DrawPool = z.infer<typeof DrawPoolSchema>;
