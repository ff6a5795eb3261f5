import { z } from 'zod';
import { QuestionTypeIdSchema } from '../questions/question-type-id.ts';
import { AssessmentResourceSchema, REVIEW_POLICIES } from './assessment-parts.ts';
import { SUBMISSION_STATUSES } from './submission-statuses.ts';

/**
 * Attempts: a student starts an attempt, autosaves each answer, submits once.
 * The server's clock decides: `deadlineAt` is fixed at the start and `serverNow` comes with every
 * attempt, so a client computes the time left from the server's clock, not its own.
 */
export const ATTEMPT_LIMITS = {
  /**
   * Saves and the submit that were already on their way at the deadline are still accepted for
   * this long after it. After deadline + grace the server closes the attempt with its saved answers.
   */
  graceSeconds: 30,
  /** Client hint: wait this long after the last change before saving an answer. */
  autosaveDebounceMs: 800,
  /** Client hint: a failed save is retried with backoff up to this delay, keeping the same key. */
  autosaveRetryMaxMs: 15_000,
  /** Client hint: how often a client re-reads the attempt (serverNow, deadline) while taking it. */
  refreshSeconds: 60,
  /** One uploaded file or recording for an open answer. */
  fileMaxBytes: 50 * 1024 * 1024,
  /** The JSON body of one saved answer. */
  answerMaxBytes: 256 * 1024,
} as const;

export const ATTEMPT_STATUSES = ['in_progress', 'submitted'] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];

/** 'auto': every answer marked automatically; 'pending': an open answer waits for a teacher; 'marked': a teacher marked them. */
export const MARKING_STATUSES = ['auto', 'pending', 'marked'] as const;
export type MarkingStatus = (typeof MARKING_STATUSES)[number];

/** Who submitted: the student, or the server at the deadline (with the saved answers). */
export const SUBMITTED_BY = ['student', 'deadline'] as const;
export type SubmittedBy = (typeof SUBMITTED_BY)[number];

/** How one answer is marked: 'manual' waits for a teacher; 'unscored' counts for nothing (surveys). */
export const ANSWER_MARK_STATUSES = ['auto', 'manual', 'unscored', 'marked'] as const;
export type AnswerMarkStatus = (typeof ANSWER_MARK_STATUSES)[number];

/**
 * A question as a student receives it (see studentViewOf in questions/student-view.ts): the same
 * fields as a Question, with a `config` from which everything that gives the answer away is
 * removed (correct options, accepted answers, pairings, the right order, zones of items,
 * crossword words, model answers, rubrics). Its config has the shape the family's player reads;
 * the types are StudentConfig<family> in student-view.ts.
 */
export const StudentQuestionSchema = z.object({
  id: z.string(),
  type: QuestionTypeIdSchema,
  text: z.string(),
  score: z.number(),
  instructions: z.string().optional(),
  imageUrl: z.string().nullable().optional(),
  config: z.record(z.string(), z.unknown()),
});
export type StudentQuestion = z.infer<typeof StudentQuestionSchema>;

/** The saved answer to one question, as the attempt returns it. */
export const SavedAnswerSchema = z.object({
  /** The family's answer shape (possibly half-finished); null when cleared. */
  answer: z.unknown(),
  revision: z.number().int(),
  flagged: z.boolean(),
  savedAt: z.string(),
});
export type SavedAnswer = z.infer<typeof SavedAnswerSchema>;

/** What a student needs of the assessment while taking it. */
export const AttemptAssessmentSchema = z.object({
  id: z.string(),
  title: z.string(),
  subject: z.string(),
  instructions: z.string(),
  passMark: z.number().int(),
  totalMarks: z.number(),
  durationMinutes: z.number().int().nullable(),
  endsAt: z.string().nullable(),
  dueAt: z.string().nullable(),
  allowRetake: z.boolean(),
  reviewPolicy: z.enum(REVIEW_POLICIES),
  resources: z.array(AssessmentResourceSchema),
});
export type AttemptAssessment = z.infer<typeof AttemptAssessmentSchema>;

/**
 * POST /api/assessments/:id/attempts (201 new, 200 the one in progress) and GET /api/attempts/:id.
 * Time left = deadlineAt − serverNow (null deadline: no limit). Answers are keyed by question id.
 */
export const AttemptSchema = z.object({
  id: z.string(),
  assessment: AttemptAssessmentSchema,
  /** 1 for the first attempt, 2 for the first retake... */
  number: z.number().int(),
  status: z.enum(ATTEMPT_STATUSES),
  startedAt: z.string(),
  deadlineAt: z.string().nullable(),
  /** The server's clock when it answered. */
  serverNow: z.string(),
  graceSeconds: z.number().int(),
  submittedAt: z.string().nullable(),
  submittedBy: z.enum(SUBMITTED_BY).nullable(),
  questions: z.array(StudentQuestionSchema),
  answers: z.record(z.string(), SavedAnswerSchema),
  /** Highest answer revision saved in this attempt. */
  revision: z.number().int(),
});
export type Attempt = z.infer<typeof AttemptSchema>;

/**
 * PUT /api/attempts/:id/answers/:questionId. `revision` increases per question on the client
 * (start at 1; a second tab should start from the attempt's stored revision + 1). A retry sends
 * the same idempotencyKey; a new change gets a new key and a higher revision.
 */
export const SaveAnswerSchema = z.object({
  answer: z.unknown(),
  revision: z.number().int().min(1).max(2_000_000_000),
  idempotencyKey: z.uuid(),
  flagged: z.boolean().optional(),
});
export type SaveAnswerInput = z.infer<typeof SaveAnswerSchema>;

/**
 * The acknowledgement of a save, sent only after it is committed. `stale: true`: a newer revision
 * was already stored (another tab, a late retry) and this one was NOT written; `revision` and
 * `savedAt` are the stored ones — the client should reload the attempt's answer.
 */
export const SaveAnswerAckSchema = z.object({
  questionId: z.string(),
  revision: z.number().int(),
  savedAt: z.string(),
  stale: z.boolean(),
  /**
   * The attempt's deadline as the save found it: a teacher's extra time moves it while
   * the student works, and the timer follows from the answer it gets anyway. Absent from older servers.
   */
  deadlineAt: z.string().nullable().optional(),
});
export type SaveAnswerAck = z.infer<typeof SaveAnswerAckSchema>;

/** POST /api/attempts/:id/submit: the body is optional (none, or {} — submitting is idempotent anyway). */
export const SubmitAttemptSchema = z.object({ idempotencyKey: z.uuid().optional() }).nullish();

/** POST /api/attempts/:id/answers/:questionId/files (multipart field `file`). */
export const AttemptFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  /** Site-relative: /api/attempts/{attemptId}/files/{fileId}. Put it in the answer's fileUrl / mediaUrl. */
  url: z.string(),
});
export type AttemptFile = z.infer<typeof AttemptFileSchema>;

/** One question of a result. */
export const QuestionResultSchema = z.object({
  questionId: z.string(),
  text: z.string(),
  type: QuestionTypeIdSchema,
  /** The question as the student saw it (for showing the answer with a player, read-only). */
  question: StudentQuestionSchema,
  /** Points earned; for 'manual' the provisional 0 until a teacher marks it. */
  score: z.number(),
  max: z.number(),
  /** true/false when marked; null while a teacher must mark it, and for surveys. */
  correct: z.boolean().nullable(),
  markStatus: z.enum(ANSWER_MARK_STATUSES),
  /** The student's answer (null when none was saved). */
  answer: z.unknown(),
  /** Which parts were right (per option, gap, pair...), as the marker reported; null when not shown. */
  details: z.record(z.string(), z.boolean()).nullable(),
  feedback: z.string().nullable(),
  /** Only when the review policy allows it; otherwise absent. In the same id space as `answer`. */
  expectedAnswer: z.unknown().optional(),
});
export type QuestionResult = z.infer<typeof QuestionResultSchema>;

/**
 * POST /api/attempts/:id/submit (the same result for every repeat) and the rows of my-results.
 * For 'pending': `score` is the provisional score of the automatically marked part and `passed`
 * is null until a teacher has marked the rest.
 */
export const AttemptResultSchema = z.object({
  attemptId: z.string(),
  assessmentId: z.string(),
  number: z.number().int(),
  startedAt: z.string(),
  submittedAt: z.string(),
  submittedBy: z.enum(SUBMITTED_BY),
  /** "Submitted or Pending" (docs/product/states.md): Pending while an open answer waits for a teacher. */
  status: z.enum(SUBMISSION_STATUSES),
  markingStatus: z.enum(MARKING_STATUSES),
  score: z.number(),
  maxScore: z.number(),
  percentage: z.number(),
  passMark: z.number().int(),
  passed: z.boolean().nullable(),
  /** Whether expected answers are included (review policy). */
  reviewAvailable: z.boolean(),
  /**
   * Whether the student may see this result (the assessment's release policy). When
   * false the server has left out the score (0), the pass state (null), every question's marks and
   * feedback: "marked, not yet released".
   */
  released: z.boolean().default(true),
  /** When an unreleased result will be shown by itself (release after the window); null otherwise. */
  releasesAt: z.string().nullable().default(null),
  questions: z.array(QuestionResultSchema),
});
export type AttemptResult = z.infer<typeof AttemptResultSchema>;

/**
 * GET /api/assessments/:id/my-results: every submitted attempt of the caller (a Student), newest
 * first, plus whether a new attempt may be started now and the one in progress, if any.
 */
export const MyResultsSchema = z.object({
  assessment: z.object({
    id: z.string(),
    title: z.string(),
    subject: z.string(),
    passMark: z.number().int(),
    totalMarks: z.number(),
    allowRetake: z.boolean(),
    reviewPolicy: z.enum(REVIEW_POLICIES),
    endsAt: z.string().nullable(),
  }),
  attempts: z.array(AttemptResultSchema),
  inProgressAttemptId: z.string().nullable(),
  canRetake: z.boolean(),
});
export type MyResults = z.infer<typeof MyResultsSchema>;

/**
 * GET /api/attempts/:id/deadline: the student's own attempt's deadline now (one small read), for
 * the timer of a student who is not saving (extra time given while they think).
 */
export const AttemptDeadlineSchema = z.object({
  status: z.enum(['in_progress', 'submitted']),
  deadlineAt: z.string().nullable(),
  serverNow: z.string(),
});
export type AttemptDeadline = z.infer<typeof AttemptDeadlineSchema>;
