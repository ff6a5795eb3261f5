import { z } from 'zod';
import { QuestionSchema, QuestionTypeIdSchema } from '../questions/question.ts';
import { TIMING_STATUSES } from '../assessments/timing.ts';
import { PACKAGE_NAMES } from '../plans.ts';
import { pageOf, PageQuerySchema } from './pagination.ts';
import { AssessmentResourceSchema, REVIEW_POLICIES } from './assessment-parts.ts';
import { BANK_LIMITS, DrawRuleSchema, DrawRuleViewSchema, drawTotals } from './draw-rules.ts';

/** Messages are i18n keys of the web's `assessments` namespace ('assessments:errors.titleRequired'). */
export const ASSESSMENT_LIMITS = {
  titleMax: 200,
  subjectMax: 120,
  instructionsMax: 5000,
  instructorMax: 120,
  questionsMax: 200,
  durationMinutesMax: 24 * 60,
  /** Files and resources attached to one assessment. */
  resourcesMax: 20,
  resourceMaxBytes: 20 * 1024 * 1024,
  /** AI generation: questions per request, pasted or extracted source text. */
  aiQuestionsMax: 50,
  aiSourceTextMax: 20_000,
  aiSourceFileMaxBytes: 10 * 1024 * 1024,
} as const;

export const DIFFICULTIES = ['Easy', 'Medium', 'Difficult'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export const GENERATION_TYPES = ['manual', 'ai'] as const;
export type GenerationType = (typeof GENERATION_TYPES)[number];

/** 'draft': only staff see it; 'published': its assigned students see it and may take it in its window. */
export const ASSESSMENT_STATUSES = ['draft', 'published'] as const;
export type AssessmentStatus = (typeof ASSESSMENT_STATUSES)[number];

/**
 * When students see their results: at once (as before), once the window has ended, or
 * when a teacher releases them (per student or all). Until then they see "marked, not yet released".
 */
export const RELEASE_POLICIES = ['immediate', 'afterWindow', 'manual'] as const;
export type ReleasePolicy = (typeof RELEASE_POLICIES)[number];

/** Who must take it: every student of the organization, or the chosen ones. */
export const AssignmentSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('all') }),
  z.object({
    mode: z.literal('selected'),
    studentIds: z.array(z.uuid()).min(1, 'assessments.errors.studentsRequired').max(5000),
  }),
]);
export type Assignment = z.infer<typeof AssignmentSchema>;

const Instant = z.iso.datetime({ offset: true, message: 'assessments.errors.dateInvalid' });

/**
 * What a teacher saves (POST /api/assessments, PUT /api/assessments/:id). Times are instants
 * (ISO 8601 with offset); the web turns the user's local date and time into them. Total marks
 * are not sent: they are the sum of the questions' scores, so they never disagree.
 */
export const AssessmentInputSchema = z
  .object({
    title: z
      .string('assessments.errors.titleRequired')
      .trim()
      .min(1, 'assessments.errors.titleRequired')
      .max(ASSESSMENT_LIMITS.titleMax, 'assessments.errors.titleTooLong'),
    subject: z
      .string('assessments.errors.subjectRequired')
      .trim()
      .min(1, 'assessments.errors.subjectRequired')
      .max(ASSESSMENT_LIMITS.subjectMax, 'assessments.errors.subjectTooLong'),
    difficulty: z.enum(DIFFICULTIES, 'assessments.errors.difficultyRequired'),
    generationType: z.enum(GENERATION_TYPES),
    startsAt: Instant.nullable().default(null),
    endsAt: Instant.nullable().default(null),
    /** When work is due; shown to students; at or after the start when both are set. */
    dueAt: Instant.nullable().default(null),
    /** Time allowed for one attempt, from its start; null: until the window ends. */
    durationMinutes: z
      .number()
      .int('assessments.errors.durationInvalid')
      .min(1, 'assessments.errors.durationInvalid')
      .max(ASSESSMENT_LIMITS.durationMinutesMax, 'assessments.errors.durationInvalid')
      .nullable()
      .default(null),
    passMark: z
      .number('assessments.errors.passMarkInvalid')
      .int('assessments.errors.passMarkInvalid')
      .min(0, 'assessments.errors.passMarkInvalid')
      .max(100, 'assessments.errors.passMarkInvalid'),
    instructions: z
      .string()
      .max(ASSESSMENT_LIMITS.instructionsMax, 'assessments.errors.instructionsTooLong')
      .default(''),
    allowRetake: z.boolean().default(false),
    /**
     * Give a certificate automatically to each student who passes (the assessment's certificate
     * rule). Absent: left as it is. Only the organization's Administrators may change it.
     */
    autoCertificate: z.boolean().optional(),
    /** The language the questions are written in (BCP 47, e.g. 'en', 'sw', 'zh'). */
    language: z
      .string()
      .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'assessments.errors.languageInvalid')
      .default('en'),
    instructor: z
      .string()
      .trim()
      .max(ASSESSMENT_LIMITS.instructorMax, 'assessments.errors.instructorTooLong')
      .default(''),
    status: z.enum(ASSESSMENT_STATUSES).default('draft'),
    reviewPolicy: z.enum(REVIEW_POLICIES).default('afterSubmission'),
    releasePolicy: z.enum(RELEASE_POLICIES).default('immediate'),
    assignment: AssignmentSchema.default({ mode: 'all' }),
    questions: z
      .array(QuestionSchema)
      .max(ASSESSMENT_LIMITS.questionsMax, 'assessments.errors.tooManyQuestions')
      .default([]),
    /** Questions drawn from the bank per student at the start, placed among `questions`. */
    draws: z
      .array(DrawRuleSchema)
      .max(BANK_LIMITS.drawRulesMax, 'assessments.errors.tooManyDraws')
      .default([]),
  })
  .superRefine((a, ctx) => {
    if (a.startsAt && a.endsAt && new Date(a.endsAt) <= new Date(a.startsAt)) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'assessments.errors.endBeforeStart' });
    }
    if (a.startsAt && a.dueAt && new Date(a.dueAt) < new Date(a.startsAt)) {
      ctx.addIssue({ code: 'custom', path: ['dueAt'], message: 'assessments.errors.dueBeforeStart' });
    }
    const seen = new Set<string>();
    a.questions.forEach((q, i) => {
      if (seen.has(q.id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['questions', i, 'id'],
          message: 'assessments.errors.duplicateQuestionId',
        });
      }
      seen.add(q.id);
    });
    const drawIds = new Set<string>();
    a.draws.forEach((d, i) => {
      if (d.position > a.questions.length || drawIds.has(d.id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['draws', i, 'position'],
          message: 'assessments.errors.drawInvalid',
        });
      }
      drawIds.add(d.id);
    });
    if (a.questions.length + drawTotals(a.draws).questions > ASSESSMENT_LIMITS.questionsMax) {
      ctx.addIssue({ code: 'custom', path: ['draws'], message: 'assessments.errors.tooManyQuestions' });
    }
    // A published assessment is one students can take: it needs at least one question.
    if (a.status === 'published' && a.questions.length === 0 && a.draws.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['questions'], message: 'assessments.errors.questionsRequired' });
    }
  });
export type AssessmentInput = z.input<typeof AssessmentInputSchema>;
export type AssessmentValues = z.output<typeof AssessmentInputSchema>;

/** A file or resource attached to an assessment (POST /api/assessments/:id/resources, multipart field `file`). */
const PersonSchema = z.object({ id: z.string(), name: z.string() });

/** The student's own attempts at an assessment (list rows for students); null for staff. */
export const MyAttemptsSchema = z.object({
  /** Submitted attempts. */
  submitted: z.number().int(),
  /** The attempt in progress, if any (continue it rather than start another). */
  inProgressAttemptId: z.string().nullable(),
  /** Whether the student may start an attempt now (window open, retake allowed or none yet). */
  canStart: z.boolean(),
});
export type MyAttempts = z.infer<typeof MyAttemptsSchema>;

/** One row of the assessment list. */
export const AssessmentSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  subject: z.string(),
  difficulty: z.enum(DIFFICULTIES),
  generationType: z.enum(GENERATION_TYPES),
  status: z.enum(ASSESSMENT_STATUSES),
  timing: z.enum(TIMING_STATUSES),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  dueAt: z.string().nullable(),
  durationMinutes: z.number().int().nullable(),
  allowRetake: z.boolean(),
  passMark: z.number().int(),
  totalMarks: z.number(),
  questionCount: z.number().int(),
  createdBy: PersonSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  myAttempts: MyAttemptsSchema.nullable(),
});
export type AssessmentSummary = z.infer<typeof AssessmentSummarySchema>;

/**
 * GET /api/assessments/:id. Staff get everything. A student (assigned, published only) gets the
 * same shape with `questions: []` and `assignment: { mode: 'all' }`: questions reach students
 * through their attempt, without answers.
 */
export const AssessmentSchema = AssessmentSummarySchema.extend({
  organizationId: z.string(),
  instructions: z.string(),
  language: z.string(),
  instructor: z.string(),
  reviewPolicy: z.enum(REVIEW_POLICIES),
  releasePolicy: z.enum(RELEASE_POLICIES),
  assignment: AssignmentSchema,
  questions: z.array(QuestionSchema),
  draws: z.array(DrawRuleViewSchema),
  resources: z.array(AssessmentResourceSchema),
  /**
   * Staff: a student has started an attempt (any status), so the questions and draw rules can no
   * longer change (PUT answers 409 questions_locked to a change; a correction is a regrade).
   * The API always sends it (false for a Student); optional so that a payload made before it
   * (a stored or hand-made one) still reads, as false.
   */
  questionsLocked: z.boolean().optional(),
  /**
   * Staff: whether a student who passes gets a certificate automatically. The API always sends it
   * (false for a Student); optional so that an older payload still reads, as false.
   */
  autoCertificate: z.boolean().optional(),
});
export type Assessment = z.infer<typeof AssessmentSchema>;

export const ASSESSMENT_SORT_FIELDS = ['title', 'startsAt', 'endsAt', 'createdAt', 'updatedAt'] as const;

/** GET /api/assessments: the caller's organization's (a Student: assigned and published only). */
export const AssessmentListQuerySchema = PageQuerySchema.extend({
  timing: z.enum(TIMING_STATUSES).optional(),
  status: z.enum(ASSESSMENT_STATUSES).optional(),
  generationType: z.enum(GENERATION_TYPES).optional(),
  difficulty: z.enum(DIFFICULTIES).optional(),
  sort: z.enum(ASSESSMENT_SORT_FIELDS).default('createdAt'),
  /** Super Administrator only: whose organization. */
  organizationId: z.uuid().optional(),
});
export type AssessmentListQuery = z.input<typeof AssessmentListQuerySchema>;
export const AssessmentListSchema = pageOf(AssessmentSummarySchema);
export type AssessmentList = z.infer<typeof AssessmentListSchema>;

/** GET /api/assessments/organization/:orgId/monthly (docs/product/api.md): `data.length` is this month's count. */
export const MonthlyAssessmentsSchema = z.object({
  data: z.array(z.object({ id: z.string(), title: z.string(), createdAt: z.string(), deleted: z.boolean() })),
});
export type MonthlyAssessments = z.infer<typeof MonthlyAssessmentsSchema>;

/**
 * GET /api/assessments/usage (optional ?organizationId= for the Super Administrator): the usage
 * card. `status` 'active' when the newest payment record is active; otherwise 'free'.
 */
export const AssessmentUsageSchema = z.object({
  plan: z.object({
    name: z.enum(PACKAGE_NAMES),
    productName: z.string(),
    monthlyAssessments: z.number().int().nullable(),
    allowedTypes: z.array(QuestionTypeIdSchema),
  }),
  status: z.enum(['active', 'free']),
  usedThisMonth: z.number().int(),
  remaining: z.number().int().nullable(),
  limitReached: z.boolean(),
  /** The first instant of the next month (UTC), when the allowance restarts. */
  resetsAt: z.string(),
});
export type AssessmentUsage = z.infer<typeof AssessmentUsageSchema>;

/** POST /api/assessments/:id/duplicate: an optional new title (default 'Copy of …'); counts against the month. */
export const DuplicateAssessmentSchema = z.object({
  title: z.string().trim().min(1).max(ASSESSMENT_LIMITS.titleMax).optional(),
});
