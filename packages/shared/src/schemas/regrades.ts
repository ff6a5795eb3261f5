import { z } from 'zod';
import { QuestionSchema, QuestionTypeIdSchema } from '../questions/question.ts';
import { SubmissionStudentSchema } from './submissions.ts';

/**
 * Regrading a question of an assessment that has submissions. Every submitted attempt
 * holds its own snapshot of the questions; a regrade changes the snapshot's question (or how it
 * counts) in every submitted attempt that has it, marks the answers again and recomputes the
 * totals. Staff read; the organization's markers (Administrator, Teacher) dry-run and apply.
 * Validation messages are keys of the web's `regrades` namespace.
 *
 * Routes:
 * - GET  /api/assessments/:id/regrades           → RegradeOverviewSchema (questions + history)
 * - POST /api/assessments/:id/regrades/preview   body RegradeRequestSchema → RegradePreviewSchema
 * - POST /api/assessments/:id/regrades           body ApplyRegradeSchema   → RegradeSchema
 *   (409 regrade_changed when what would happen is no longer what the preview showed)
 */

/**
 * 'remark': mark every answer again against a corrected question (key, marking settings, score);
 * 'fullMarks': every answer gets the question's full marks; 'drop': the question counts for
 * nothing (out of the score and of the maximum).
 */
export const REGRADE_MODES = ['remark', 'fullMarks', 'drop'] as const;
export const RegradeModeSchema = z.enum(REGRADE_MODES);
export type RegradeMode = z.infer<typeof RegradeModeSchema>;

export const RegradeRequestSchema = z
  .object({
    questionId: z.string().trim().min(1, 'regrades.errors.questionRequired').max(200),
    mode: RegradeModeSchema,
    /** The corrected question, for 'remark' (same id and type as the one the students answered). */
    question: QuestionSchema.optional(),
    /** Change answers a teacher marked by hand too; without it their marks stay as they are. */
    includeTeacherMarks: z.boolean().default(false),
  })
  .superRefine((body, ctx) => {
    if (body.mode === 'remark' && !body.question) {
      ctx.addIssue({ code: 'custom', path: ['question'], message: 'regrades.errors.questionMissing' });
    }
    if (body.question && body.question.id !== body.questionId) {
      ctx.addIssue({ code: 'custom', path: ['question', 'id'], message: 'regrades.errors.questionMismatch' });
    }
  });
export type RegradeRequest = z.infer<typeof RegradeRequestSchema>;
export type RegradeRequestInput = z.input<typeof RegradeRequestSchema>;

export const ApplyRegradeSchema = z.object({
  request: RegradeRequestSchema,
  /** The preview's `token`: the apply is refused (409) when its outcome differs from that preview. */
  token: z.string().min(1).max(200),
});
export type ApplyRegradeInput = z.input<typeof ApplyRegradeSchema>;

/** An attempt's figures (the question's mark and the attempt's totals) on one side of a regrade. */
export const RegradeFiguresSchema = z.object({
  questionScore: z.number(),
  questionMax: z.number(),
  score: z.number(),
  maxScore: z.number(),
  percentage: z.number(),
  /** null while an open answer waits for a teacher. */
  passed: z.boolean().nullable(),
});
export type RegradeFigures = z.infer<typeof RegradeFiguresSchema>;

/** What a regrade does to a live certificate of the student: gives one (new pass), revokes it (no pass left). */
export const RegradeCertificateEffectSchema = z.enum(['give', 'revoke']).nullable();

export const RegradeRowSchema = z.object({
  attemptId: z.string(),
  student: SubmissionStudentSchema,
  number: z.number().int(),
  before: RegradeFiguresSchema,
  after: RegradeFiguresSchema,
  /** A teacher marked this answer by hand and was not asked to change it: it stays (before = after). */
  teacherMarkKept: z.boolean(),
  certificate: RegradeCertificateEffectSchema,
});
export type RegradeRow = z.infer<typeof RegradeRowSchema>;

export const RegradePreviewSchema = z.object({
  questionId: z.string(),
  mode: RegradeModeSchema,
  /** Submitted attempts that hold the question. */
  attempts: z.number().int(),
  /** Of those, how many change (rows with a different before and after). */
  changed: z.number().int(),
  /** Attempts still in progress with the question: they keep the question they started with. */
  inProgress: z.number().int(),
  /** Changed attempts, then those whose teacher's mark is kept. */
  rows: z.array(RegradeRowSchema),
  /** Names this outcome; the apply sends it back. */
  token: z.string(),
});
export type RegradePreview = z.infer<typeof RegradePreviewSchema>;

/** A question students answered, as the regrade screen offers it. */
export const RegradeQuestionSchema = z.object({
  id: z.string(),
  /**
   * The question's number, as the item analysis and the results files number it: the assessment's
   * own questions in order, then those drawn from the bank (or since removed) as they first appeared.
   */
  position: z.number().int(),
  text: z.string(),
  type: QuestionTypeIdSchema,
  /** How many submitted attempts hold it. */
  attempts: z.number().int(),
  /** The question as the latest submitted attempt holds it (what a correction starts from). */
  question: z.record(z.string(), z.unknown()),
  /** The assessment's own version when it differs from what the attempts hold (edited since). */
  edited: z.record(z.string(), z.unknown()).nullable(),
  /**
   * Not one of the assessment's own questions (drawn from the bank, or since removed): a
   * correction reaches the attempts only, not what later attempts are given.
   */
  notInAssessment: z.boolean(),
});
export type RegradeQuestion = z.infer<typeof RegradeQuestionSchema>;

export const RegradeSchema = z.object({
  id: z.string(),
  questionId: z.string(),
  questionText: z.string(),
  mode: RegradeModeSchema,
  includeTeacherMarks: z.boolean(),
  appliedAt: z.string(),
  appliedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  rows: z.array(RegradeRowSchema),
});
export type Regrade = z.infer<typeof RegradeSchema>;

export const RegradeOverviewSchema = z.object({
  questions: z.array(RegradeQuestionSchema),
  /** Newest first. */
  history: z.array(RegradeSchema),
});
export type RegradeOverview = z.infer<typeof RegradeOverviewSchema>;
