import { z } from 'zod';
import { QuestionTypeIdSchema } from '../questions/question-type-id.ts';
import { SUBMISSION_STATUSES } from './submission-statuses.ts';
import { SUBMISSION_LIMITS, SubmissionStudentSchema } from './submissions.ts';

/**
 * The marking queue, rubrics and AI-assisted marking.
 *
 * - GET    /api/marking-queue                              query MarkingQueueQuerySchema → MarkingQueueSchema
 * - GET    /api/marking-queue/count                        → MarkingQueueCountSchema
 * - POST   /api/marking-queue/marks                        body QueueMarkSchema → QueueMarkResultSchema
 * - POST   /api/marking-queue/suggestions                  body SuggestionRequestSchema → MarkingSuggestionSchema
 * - POST   /api/marking-queue/suggestions/:id/reject       → MarkingSuggestionSchema
 * - GET    /api/assessments/:id/rubrics                    → QuestionRubricListSchema
 * - PUT    /api/assessments/:id/rubrics/:questionId        body SaveRubricSchema → QuestionRubricSchema
 * - DELETE /api/assessments/:id/rubrics/:questionId        → 204
 */

export const RUBRIC_LIMITS = {
  criteriaMax: 12,
  levelsMax: 9,
  titleMax: 200,
  descriptionMax: 500,
  pointsMax: 1000,
} as const;

/** The queue answers at most this many waiting answers at once (oldest first); `truncated` says there are more. */
export const MARKING_QUEUE_MAX = 500;

const rubricId = z.string().trim().min(1).max(64);

export const RubricLevelSchema = z.object({
  id: rubricId,
  /** Points this level gives, in steps of 0.5 like a teacher's score. */
  points: z
    .number('markingQueue.errors.levelPoints')
    .min(0, 'markingQueue.errors.levelPoints')
    .max(RUBRIC_LIMITS.pointsMax, 'markingQueue.errors.levelPoints')
    .multipleOf(0.5, 'markingQueue.errors.levelPointsStep'),
  description: z
    .string()
    .trim()
    .min(1, 'markingQueue.errors.levelDescriptionRequired')
    .max(RUBRIC_LIMITS.descriptionMax, 'markingQueue.errors.textTooLong'),
});
export type RubricLevel = z.infer<typeof RubricLevelSchema>;

export const RubricCriterionSchema = z.object({
  id: rubricId,
  title: z
    .string()
    .trim()
    .min(1, 'markingQueue.errors.criterionTitleRequired')
    .max(RUBRIC_LIMITS.titleMax, 'markingQueue.errors.textTooLong'),
  levels: z
    .array(RubricLevelSchema)
    .min(1, 'markingQueue.errors.levelsRequired')
    .max(RUBRIC_LIMITS.levelsMax, 'markingQueue.errors.tooManyLevels'),
});
export type RubricCriterion = z.infer<typeof RubricCriterionSchema>;

/** The most a rubric can give: the best level of each criterion, added up. */
export const rubricMaxPoints = (criteria: readonly RubricCriterion[]): number =>
  criteria.reduce((sum, c) => sum + Math.max(0, ...c.levels.map((l) => l.points)), 0);

const uniqueIds = (items: readonly { id: string }[]) => new Set(items.map((i) => i.id)).size === items.length;

/**
 * PUT /api/assessments/:id/rubrics/:questionId. `version` is the version the teacher edited (0 for
 * a new rubric): another save since then answers 409 conflict. Its best levels must add up to at
 * most the question's points (400 rubric_points_exceed); only open-answer questions have rubrics.
 */
export const SaveRubricSchema = z.object({
  version: z.number().int().min(0),
  criteria: z
    .array(RubricCriterionSchema)
    .min(1, 'markingQueue.errors.criteriaRequired')
    .max(RUBRIC_LIMITS.criteriaMax, 'markingQueue.errors.tooManyCriteria')
    .refine(uniqueIds, 'markingQueue.errors.duplicateId')
    .refine((criteria) => criteria.every((c) => uniqueIds(c.levels)), 'markingQueue.errors.duplicateId'),
});
export type SaveRubricInput = z.input<typeof SaveRubricSchema>;

export const QuestionRubricSchema = z.object({
  assessmentId: z.string(),
  questionId: z.string(),
  criteria: z.array(RubricCriterionSchema),
  maxPoints: z.number(),
  version: z.number().int(),
  updatedAt: z.string(),
  updatedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type QuestionRubric = z.infer<typeof QuestionRubricSchema>;

export const QuestionRubricListSchema = z.array(QuestionRubricSchema);
export type QuestionRubricList = z.infer<typeof QuestionRubricListSchema>;

/** One level chosen for one criterion, as kept with a mark (words and points copied). */
export const RubricSelectionSchema = z.object({
  criterionId: z.string(),
  levelId: z.string(),
  criterion: z.string(),
  level: z.string(),
  points: z.number(),
});
export type RubricSelection = z.infer<typeof RubricSelectionSchema>;

export const SUGGESTION_DECISIONS = ['accepted', 'edited', 'rejected'] as const;
export type SuggestionDecision = (typeof SUGGESTION_DECISIONS)[number];

/** A language model's suggested mark: never a mark until a teacher saves one. */
export const MarkingSuggestionSchema = z.object({
  id: z.string(),
  attemptId: z.string(),
  questionId: z.string(),
  score: z.number(),
  max: z.number(),
  rationale: z.string(),
  /** Rubric levels the model chose (ids), when the question has a rubric. */
  selections: z.array(z.object({ criterionId: z.string(), levelId: z.string() })),
  model: z.string(),
  createdAt: z.string(),
  decision: z.enum(SUGGESTION_DECISIONS).nullable(),
  finalScore: z.number().nullable(),
});
export type MarkingSuggestion = z.infer<typeof MarkingSuggestionSchema>;

export const SuggestionRequestSchema = z.object({
  attemptId: z.uuid(),
  questionId: z.string().min(1).max(64),
});
export type SuggestionRequest = z.infer<typeof SuggestionRequestSchema>;

export const MarkingQueueQuerySchema = z.object({
  assessmentId: z.uuid().optional(),
  type: QuestionTypeIdSchema.optional(),
  /** Part of a student's name or email. */
  search: z.string().trim().max(100).optional(),
});
export type MarkingQueueQuery = z.input<typeof MarkingQueueQuerySchema>;

/** One answer waiting for a person. */
export const MarkingQueueItemSchema = z.object({
  attemptId: z.string(),
  questionId: z.string(),
  /** The question's place in the attempt (1-based), as the marking screen numbers it. */
  questionNumber: z.number().int(),
  questionText: z.string(),
  questionType: QuestionTypeIdSchema,
  max: z.number(),
  assessment: z.object({ id: z.string(), title: z.string() }),
  student: SubmissionStudentSchema,
  attemptNumber: z.number().int(),
  submittedAt: z.string(),
  /** The answer's last mark time (null while never marked): sent back with the mark so a second teacher cannot overwrite it unseen. */
  markedAt: z.string().nullable(),
  /** The latest suggestion nobody decided on yet, if one was asked for. */
  suggestion: MarkingSuggestionSchema.nullable(),
});
export type MarkingQueueItem = z.infer<typeof MarkingQueueItemSchema>;

export const MarkingQueueSchema = z.object({
  /** Oldest submission first, then by question number. */
  items: z.array(MarkingQueueItemSchema),
  /** Waiting answers matching the filters (may exceed items: at most MARKING_QUEUE_MAX are sent). */
  total: z.number().int(),
  truncated: z.boolean(),
  /** Assessments with waiting answers (whatever the filters), for the filter. */
  assessments: z.array(z.object({ id: z.string(), title: z.string(), waiting: z.number().int() })),
  /** Question types with waiting answers, for the filter. */
  types: z.array(QuestionTypeIdSchema),
  /** Whether a language model is configured, so suggestions can be asked for. */
  aiAvailable: z.boolean(),
});
export type MarkingQueue = z.infer<typeof MarkingQueueSchema>;

export const MarkingQueueCountSchema = z.object({ waiting: z.number().int() });
export type MarkingQueueCount = z.infer<typeof MarkingQueueCountSchema>;

/**
 * POST /api/marking-queue/marks: one answer's mark, written by the same marking as the marking
 * screen (POST /attempts/:id/marks). `expectedMarkedAt` is the answer's markedAt as the teacher saw
 * it: if someone marked it since, 409 mark_conflict and nothing changes. `rubric` keeps the levels
 * chosen (the score may differ: the teacher can adjust it); `suggestionId` records what the
 * teacher did with a suggestion (accepted when the score is the suggested one, else edited).
 */
export const QueueMarkSchema = z.object({
  attemptId: z.uuid(),
  questionId: z.string().min(1).max(64),
  score: z
    .number('submissions.errors.scoreInvalid')
    .min(0, 'submissions.errors.scoreInvalid')
    .multipleOf(0.5, 'submissions.errors.scoreStep'),
  feedback: z
    .string()
    .trim()
    .max(SUBMISSION_LIMITS.feedbackMax, 'submissions.errors.feedbackTooLong')
    .optional(),
  expectedMarkedAt: z.string().max(64).nullable(),
  rubric: z
    .object({
      version: z.number().int().min(1),
      selections: z
        .array(z.object({ criterionId: rubricId, levelId: rubricId }))
        .max(RUBRIC_LIMITS.criteriaMax),
    })
    .optional(),
  suggestionId: z.uuid().optional(),
});
export type QueueMarkInput = z.infer<typeof QueueMarkSchema>;

export const QueueMarkResultSchema = z.object({
  attemptId: z.string(),
  questionId: z.string(),
  score: z.number(),
  /** The attempt after the mark: Pending while other answers wait. */
  status: z.enum(SUBMISSION_STATUSES),
  attemptScore: z.number(),
  attemptMaxScore: z.number(),
  passed: z.boolean().nullable(),
});
export type QueueMarkResult = z.infer<typeof QueueMarkResultSchema>;
