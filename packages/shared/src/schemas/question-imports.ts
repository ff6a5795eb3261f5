import { z } from 'zod';
import { QuestionSchema } from '../questions/question.ts';

/**
 * POST /api/question-imports: a file of questions from another platform
 * (QTI, Moodle XML, GIFT, Aiken) previewed, then saved into the bank or a draft assessment.
 * Reasons and messages are already in the caller's language (the server translates them).
 */

export const IMPORT_FORMATS = ['qti3', 'qti2', 'qti12', 'moodle', 'gift', 'aiken'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
export const IMPORT_MODES = ['preview', 'save'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

/** The multipart text fields sent before `file`. */
export const QuestionImportFieldsSchema = z.object({
  mode: z.enum(IMPORT_MODES).default('preview'),
  /** Absent: detected from the file's content. */
  format: z.enum(IMPORT_FORMATS).optional(),
  /** Into the bank under this category (absent: the bank's top level)... */
  categoryId: z.uuid().optional(),
  /** ...or appended to this assessment (then categoryId is not sent). */
  assessmentId: z.uuid().optional(),
});
export type QuestionImportFields = z.input<typeof QuestionImportFieldsSchema>;

/** Why an item was skipped or kept only in part, in the reader's language. */
export const ImportReasonSchema = z.object({
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  message: z.string(),
});
export type ImportReason = z.infer<typeof ImportReasonSchema>;

export const ImportedQuestionSchema = z.object({
  /** Its id is a placeholder (`import-<n>`): the bank or the assessment gives the real one. */
  question: QuestionSchema,
  /** Category path inside the file, from the outermost ([] when none). */
  category: z.array(z.string()),
  tags: z.array(z.string()),
  /** Images that come along (stored when saved). */
  images: z.number().int(),
  warnings: z.array(ImportReasonSchema),
  /** Where the item was in the file (line, name or identifier). */
  source: z.string(),
  /** The item as a teacher finds it: 'Question 4 — “Photosynthesis…”' (the reader's language). */
  label: z.string(),
});
export type ImportedQuestionView = z.infer<typeof ImportedQuestionSchema>;

export const SkippedImportItemSchema = z.object({
  /** The item as a teacher finds it: its position and title or first words, in the reader's language. */
  item: z.string(),
  /** Where exactly it is in the file (element path, line or package file). */
  location: z.string(),
  reason: ImportReasonSchema,
});
export type SkippedImportItem = z.infer<typeof SkippedImportItemSchema>;

export const QuestionImportResultSchema = z.object({
  mode: z.enum(IMPORT_MODES),
  format: z.enum(IMPORT_FORMATS),
  questions: z.array(ImportedQuestionSchema),
  skipped: z.array(SkippedImportItemSchema),
  /** After a save: where the questions went and how many. */
  saved: z
    .object({
      count: z.number().int(),
      bankQuestionIds: z.array(z.string()).optional(),
      assessmentId: z.string().optional(),
    })
    .nullable(),
});
export type QuestionImportResult = z.infer<typeof QuestionImportResultSchema>;
