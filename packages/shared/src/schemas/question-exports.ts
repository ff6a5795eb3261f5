import { z } from 'zod';
import { QuestionTypeIdSchema } from '../questions/question-type-id.ts';
import { DIFFICULTIES } from './assessments.ts';
import { BANK_LIMITS } from './draw-rules.ts';
import { BoolQuery, ManyQuery } from './question-bank.ts';
import { ImportReasonSchema } from './question-imports.ts';

/**
 * GET /api/question-exports/check and /api/question-exports/file: an
 * assessment's questions, or a selection of the bank, written as a QTI 3.0 content package, Moodle
 * XML, GIFT or Aiken. The check lists what the format cannot carry (with reasons in the reader's
 * language) before the download; the file answers the same list's size in a header.
 */

export const EXPORT_FORMATS = ['qti3', 'moodle', 'gift', 'aiken'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Most bank questions one export writes (a whole bank of a large school fits). */
export const EXPORT_LIMITS = { bankQuestions: 2000, ids: 500 } as const;

/**
 * What to export, as a query string: `assessmentId`, or bank questions by id (`bankQuestionId`,
 * repeated), or the bank's list filters (category with or without subcategories, search, type,
 * difficulty, tags, author; none: the whole bank). One source per request.
 */
export const QuestionExportQuerySchema = z.object({
  format: z.enum(EXPORT_FORMATS),
  assessmentId: z.uuid().optional(),
  bankQuestionId: ManyQuery(z.uuid())
    .refine((ids) => ids.length <= EXPORT_LIMITS.ids, 'questionBank.errors.exportTooMany')
    .optional(),
  search: z.string().trim().max(200).optional(),
  categoryId: z.uuid().optional(),
  includeSubcategories: BoolQuery.default(true),
  uncategorized: BoolQuery.default(false),
  type: ManyQuery(QuestionTypeIdSchema).optional(),
  difficulty: z.enum(DIFFICULTIES).optional(),
  tag: ManyQuery(z.string().trim().toLowerCase().min(1).max(BANK_LIMITS.tagMax)).optional(),
  authorId: z.uuid().optional(),
});
export type QuestionExportQuery = z.input<typeof QuestionExportQuerySchema>;
export type QuestionExportParams = z.output<typeof QuestionExportQuerySchema>;

/** A question the format cannot carry: which one (its number in the export's order and first words) and why. */
export const NotExportableQuestionSchema = z.object({
  questionId: z.string(),
  /** 1-based position among the exported questions (the assessment's order, or the bank list's). */
  number: z.number().int(),
  /** The question's first words, for the teacher to recognise it. */
  label: z.string(),
  type: QuestionTypeIdSchema,
  reason: ImportReasonSchema,
});
export type NotExportableQuestion = z.infer<typeof NotExportableQuestionSchema>;

/**
 * A question the file holds without some of its parts (a rubric GIFT has no place for, points in
 * Aiken...): which one, and each part left out, in the reader's language.
 */
export const PartlyExportedQuestionSchema = z.object({
  questionId: z.string(),
  number: z.number().int(),
  label: z.string(),
  type: QuestionTypeIdSchema,
  lost: z.array(ImportReasonSchema),
});
export type PartlyExportedQuestion = z.infer<typeof PartlyExportedQuestionSchema>;

export const QuestionExportCheckSchema = z.object({
  format: z.enum(EXPORT_FORMATS),
  /** The file name the download will carry. */
  fileName: z.string(),
  /** Questions asked for, and how many of them the file holds. */
  total: z.number().int(),
  exported: z.number().int(),
  notExportable: z.array(NotExportableQuestionSchema),
  /** Questions in the file that lose a part the format has no place for. */
  partial: z.array(PartlyExportedQuestionSchema),
  /** An assessment's random draws: never in the file (their questions are in the bank, drawn per student). */
  draws: z.number().int(),
});
export type QuestionExportCheck = z.infer<typeof QuestionExportCheckSchema>;

/** Response header of the file: how many questions were left out (the check lists them). */
export const NOT_EXPORTABLE_HEADER = 'x-not-exportable-count';
