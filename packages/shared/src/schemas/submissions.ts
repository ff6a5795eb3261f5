import { z } from 'zod';
import { FAMILY_IDS } from '../questions/family.ts';
import { QuestionTypeIdSchema } from '../questions/question-type-id.ts';
import { pageOf, PageQuerySchema } from './pagination.ts';
import { SUBMISSION_STATUSES } from './submission-statuses.ts';

/**
 * Submissions and manual marking (docs/product/screens.md "Submissions", "Manual marking", docs/product/data.md Submission,
 * docs/product/states.md "Student per assessment"). Staff of the assessment's organization read these; the Super
 * Administrator may read them too. Validation messages are keys of the web's `submissions`
 * namespace ('submissions.errors.scoreInvalid' → submissions:errors.scoreInvalid).
 *
 * Routes:
 * - GET  /api/assessments/:id/submissions?status=&page=&pageSize=  → SubmissionListSchema
 * - GET  /api/assessments/:id/students                           → StudentStatusListSchema
 * - GET  /api/attempts/:id/submission                            → SubmissionDetailSchema
 * - GET  /api/assessments/:id/marking/:studentId                  → MarkingViewSchema (404 no_submission)
 * - POST /api/attempts/:id/marks  body SubmitMarksSchema          → SubmissionDetailSchema
 * - GET  /api/assessments/:id/export.csv | export.xlsx | report.pdf (files)
 */

/** A student's status for one assessment (docs/product/states.md): 'Pending' = has not submitted yet. */
/**
 * A student on the Student Status tab: 'Submitted' once an attempt is handed in (a retake being
 * sat does not undo that: certificates and results go by it), else 'InProgress' while sitting the
 * first attempt, else 'Pending'. The attempt being sat, first or retake, is in `inProgress`.
 */
export const STUDENT_SUBMISSION_STATUSES = ['Submitted', 'InProgress', 'Pending'] as const;
export type StudentSubmissionStatus = (typeof STUDENT_SUBMISSION_STATUSES)[number];

/** How the attempt was handed in: by the student, or closed by the server at its deadline. */
export const SUBMISSION_SOURCES = ['student', 'deadline'] as const;

/** 'auto': all marked by the registry; 'pending': open answers wait; 'marked': a teacher marked them. */
export const SUBMISSION_MARKING_STATUSES = ['auto', 'pending', 'marked'] as const;
export type SubmissionMarkingStatus = (typeof SUBMISSION_MARKING_STATUSES)[number];

/**
 * How one answer was marked: 'auto' (registry), 'manual' (waits for a teacher), 'unscored'
 * (surveys, count for nothing), 'marked' (by a teacher — also when a teacher overrode an
 * automatic mark).
 */
export const SUBMISSION_ANSWER_STATUSES = ['auto', 'manual', 'unscored', 'marked'] as const;
export type SubmissionAnswerStatus = (typeof SUBMISSION_ANSWER_STATUSES)[number];

export const SUBMISSION_LIMITS = {
  feedbackMax: 5000,
  marksMax: 200,
} as const;

export const SubmissionStudentSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type SubmissionStudent = z.infer<typeof SubmissionStudentSchema>;

/** One submitted attempt (list row). Scores are those of the attempt as it stands now. */
export const SubmissionSummarySchema = z.object({
  attemptId: z.string(),
  student: SubmissionStudentSchema,
  /** 1 for the first attempt, 2 for the first retake... */
  number: z.number().int(),
  submittedAt: z.string(),
  submittedBy: z.enum(SUBMISSION_SOURCES),
  status: z.enum(SUBMISSION_STATUSES),
  /** While Pending: the provisional score of the automatically marked part. */
  score: z.number(),
  maxScore: z.number(),
  /** 0..100, two decimals. */
  percentage: z.number(),
  /** null while Pending (not decided until a teacher marks the open answers). */
  passed: z.boolean().nullable(),
});
export type SubmissionSummary = z.infer<typeof SubmissionSummarySchema>;

/** Figures over the assessment's submissions (all of them, whatever the filter and page). */
export const SubmissionStatsSchema = z.object({
  /** Students assigned to the assessment (mode 'all': the organization's active Students). */
  assigned: z.number().int(),
  /** Submitted attempts. */
  submitted: z.number().int(),
  /** Students who submitted at least once. */
  studentsSubmitted: z.number().int(),
  /** Submitted attempts that passed. */
  passed: z.number().int(),
  /** Passed attempts as a % of submitted attempts (0 when none), two decimals. */
  passRate: z.number(),
  /** Submitted attempts whose open answers wait for a teacher. */
  pendingMarking: z.number().int(),
  /** Mean percentage of submitted attempts; null when there are none. */
  averagePercentage: z.number().nullable(),
});
export type SubmissionStats = z.infer<typeof SubmissionStatsSchema>;

/** GET /api/assessments/:id/submissions: newest first. */
export const SubmissionListQuerySchema = PageQuerySchema.pick({ page: true, pageSize: true }).extend({
  status: z.enum(SUBMISSION_STATUSES).optional(),
});
export type SubmissionListQuery = z.input<typeof SubmissionListQuerySchema>;

export const SubmissionListSchema = pageOf(SubmissionSummarySchema).extend({
  stats: SubmissionStatsSchema,
});
export type SubmissionList = z.infer<typeof SubmissionListSchema>;

/** One assigned student on the Student Status tab. */
export const StudentStatusSchema = z.object({
  student: SubmissionStudentSchema,
  /** 'Submitted' once an attempt is handed in; else 'InProgress' while sitting one; else 'Pending'. */
  status: z.enum(STUDENT_SUBMISSION_STATUSES),
  /** The attempt the student is sitting now, with the time left by the server's clock; null when none. */
  inProgress: z
    .object({
      attemptNumber: z.number().int(),
      startedAt: z.string(),
      /** The attempt's own deadline (extra time and own windows included); null without one. */
      deadlineAt: z.string().nullable(),
      /** Seconds left when the server answered (0 once the deadline has passed); null without a deadline. */
      secondsLeft: z.number().int().nullable(),
    })
    .nullable(),
  /** Submitted attempts. */
  attempts: z.number().int(),
  bestPercentage: z.number().nullable(),
  lastSubmittedAt: z.string().nullable(),
  /** An open answer of one of the student's submitted attempts waits for a teacher (show 'Mark'). */
  pendingMarking: z.boolean(),
});
export type StudentStatusEntry = z.infer<typeof StudentStatusSchema>;

/** GET /api/assessments/:id/students: sorted by name. */
export const StudentStatusListSchema = z.array(StudentStatusSchema);
export type StudentStatusList = z.infer<typeof StudentStatusListSchema>;

/** A file the student uploaded for an open answer. `url` is site-relative; fetch it with the bearer token. */
export const SubmissionFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  url: z.string(),
});
export type SubmissionFile = z.infer<typeof SubmissionFileSchema>;

/**
 * A question as the attempt's snapshot holds it: the shape of a Question (correct answers
 * included: staff only), not re-validated, so a snapshot taken under older rules still shows.
 */
export const SubmittedQuestionSchema = z.object({
  id: z.string(),
  type: QuestionTypeIdSchema,
  text: z.string(),
  score: z.number(),
  instructions: z.string().optional(),
  imageUrl: z.string().nullable().optional(),
  config: z.unknown(),
});
export type SubmittedQuestion = z.infer<typeof SubmittedQuestionSchema>;

/** One question of a submitted attempt, as the teacher sees it (the attempt's snapshot of the question). */
export const SubmissionQuestionSchema = z.object({
  id: z.string(),
  text: z.string(),
  type: QuestionTypeIdSchema,
  family: z.enum(FAMILY_IDS),
  /**
   * The full question (options, passage, correct answers...) in its own part ids, to render the
   * answer readably with a player against this question. Options appear in the question's order,
   * not the order a shuffled attempt showed them in.
   */
  question: SubmittedQuestionSchema,
  /** Points available (0 for surveys). */
  max: z.number(),
  score: z.number(),
  /**
   * true/false once marked; null while a person must judge it, and for unscored questions. A
   * teacher's mark counts as correct with full marks only.
   */
  correct: z.boolean().nullable(),
  markStatus: z.enum(SUBMISSION_ANSWER_STATUSES),
  /** A teacher must still mark it (markStatus 'manual'). */
  needsMarking: z.boolean(),
  /**
   * The student's saved answer (family answer shape) in the question's own part ids (translated
   * from the ids of the student's view), or null when unanswered.
   */
  answer: z.unknown(),
  /** The family's expected answer in the question's own ids (e.g. ['b'], { code }); null when none. */
  expectedAnswer: z.unknown(),
  /** Open questions: the teacher's model answer and rubric, the code language. */
  modelAnswer: z.string().nullable(),
  rubric: z.string().nullable(),
  codeLanguage: z.string().nullable(),
  feedback: z.string().nullable(),
  markedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  markedAt: z.string().nullable(),
  files: z.array(SubmissionFileSchema),
});
export type SubmissionQuestion = z.infer<typeof SubmissionQuestionSchema>;

/** Assessment facts the submissions and marking screens show. */
export const SubmissionAssessmentSchema = z.object({
  id: z.string(),
  title: z.string(),
  subject: z.string(),
  passMark: z.number().int(),
  totalMarks: z.number(),
});
export type SubmissionAssessment = z.infer<typeof SubmissionAssessmentSchema>;

/** GET /api/attempts/:id/submission (and the answer of POST /api/attempts/:id/marks). */
export const SubmissionDetailSchema = SubmissionSummarySchema.extend({
  assessment: SubmissionAssessmentSchema,
  markingStatus: z.enum(SUBMISSION_MARKING_STATUSES),
  /** The pass mark (%) in force when the attempt was submitted. */
  passMark: z.number().int(),
  questions: z.array(SubmissionQuestionSchema),
});
export type SubmissionDetail = z.infer<typeof SubmissionDetailSchema>;

/**
 * GET /api/assessments/:id/marking/:studentId: the attempt to mark — the student's latest submitted
 * attempt with answers waiting for a teacher, else the latest submitted one. Its questions include
 * every question (auto-marked ones too, which a teacher may override); `needsMarking` picks the
 * ones waiting. 404 no_submission when the student has no submitted attempt.
 */
export const MarkingViewSchema = SubmissionDetailSchema.extend({
  /** Answers that still wait for a teacher in this attempt. */
  pendingAnswers: z.number().int(),
  /** The student's other submitted attempts (newest first), to switch to. */
  otherAttempts: z.array(
    z.object({
      attemptId: z.string(),
      number: z.number().int(),
      submittedAt: z.string(),
      status: z.enum(SUBMISSION_STATUSES),
    }),
  ),
});
export type MarkingView = z.infer<typeof MarkingViewSchema>;

export const SubmissionMarkSchema = z.object({
  questionId: z.string().min(1).max(64),
  /** 0..the question's max (checked by the server: 400 score_out_of_range), in steps of 0.5. */
  score: z
    .number('submissions.errors.scoreInvalid')
    .min(0, 'submissions.errors.scoreInvalid')
    .multipleOf(0.5, 'submissions.errors.scoreStep'),
  feedback: z
    .string()
    .trim()
    .max(SUBMISSION_LIMITS.feedbackMax, 'submissions.errors.feedbackTooLong')
    .optional(),
  /**
   * The answer's markedAt as the teacher saw it (null: not marked by a person yet). When given and
   * someone has marked the answer since, the whole request answers 409 mark_conflict (
   * two teachers marking the same answer; the second never overwrites the first unseen).
   */
  expectedMarkedAt: z.string().max(64).nullable().optional(),
});
export type SubmissionMark = z.infer<typeof SubmissionMarkSchema>;

/**
 * POST /api/attempts/:id/marks. Marks any question of the attempt: open answers waiting for a
 * teacher, and also automatically marked ones, whose score a teacher may override (the answer
 * becomes 'marked'). All or nothing: a score above a question's max → 400 score_out_of_range, a
 * question not in the attempt → 404 unknown_question, and nothing changes. Sending the same body
 * again gives the same result. The attempt's score, percentage, passed and markingStatus are
 * recomputed ('marked' once no answer waits). Feedback omitted keeps the stored feedback; an
 * empty string clears it.
 */
export const SubmitMarksSchema = z
  .object({
    marks: z
      .array(SubmissionMarkSchema)
      .min(1, 'submissions.errors.marksRequired')
      .max(SUBMISSION_LIMITS.marksMax, 'submissions.errors.tooManyMarks'),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.marks.forEach((mark, i) => {
      if (seen.has(mark.questionId)) {
        ctx.addIssue({
          code: 'custom',
          path: ['marks', i, 'questionId'],
          message: 'submissions.errors.duplicateQuestion',
        });
      }
      seen.add(mark.questionId);
    });
  });
export type SubmitMarksInput = z.input<typeof SubmitMarksSchema>;

/**
 * A document (results files, a student's result PDF) is written for the requester: their language (profile), and the IANA time zone
 * their browser sends (e.g. Asia/Bangkok; a zone Intl does not know, or none, is UTC).
 */
export const DocumentQuerySchema = z.object({
  timeZone: z
    .string()
    .trim()
    .max(64)
    .regex(/^[A-Za-z0-9_+\-/]+$/, 'validation.timeZoneInvalid')
    .optional(),
});
