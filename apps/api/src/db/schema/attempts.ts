import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { assessments } from './assessments.ts';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

/**
 * One student's attempt at an assessment. The server alone decides `deadlineAt` when the
 * attempt starts (window end, and the duration if the assessment has one). `questions` is a
 * snapshot of the assessment's questions at the start: a teacher editing the assessment later
 * changes neither what this student answers nor how it is marked.
 *
 * status: 'in_progress' → 'submitted' (once; `submittedAt` set in the same update that checks
 * status = 'in_progress', so concurrent submits give one submission).
 * submittedBy: 'student' | 'deadline' (closed by the server at the deadline with its saved answers).
 * markingStatus: 'auto' (every answer marked by the registry) | 'pending' (an open answer waits
 * for a teacher; "Pending" in docs/product/states.md) | 'marked' (a teacher has marked the open answers).
 */
export const attempts = pgTable(
  'attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    assessmentId: uuid('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 1 for the first attempt, 2 for the first retake... */
    number: integer('number').notNull(),
    status: text('status').notNull().default('in_progress'),
    questions: jsonb('questions')
      .notNull()
      .default(sql`'[]'::jsonb`),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** Null only when the assessment has neither an end nor a duration. */
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    submittedBy: text('submitted_by'),
    markingStatus: text('marking_status'),
    score: doublePrecision('score'),
    maxScore: doublePrecision('max_score'),
    percentage: doublePrecision('percentage'),
    passed: boolean('passed'),
    /** When a teacher released this result to the student (release policy 'manual'). */
    releasedAt: timestamp('released_at', { withTimezone: true }),
    /** The pass mark (%) in force when it was submitted. */
    passMark: integer('pass_mark').notNull(),
    /**
     * Secret per attempt, never sent to the student: shuffles the student's view of the questions
     * and masks part ids whose equality would reveal an answer (questions/student-view.ts). The
     * attempt id cannot serve: the student knows it and could undo the shuffle.
     */
    shuffleSeed: uuid('shuffle_seed').notNull().defaultRandom(),
    /** Highest answer revision saved in this attempt: lets a client see whether it is behind. */
    revision: integer('revision').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('attempts_student_number_uq').on(t.assessmentId, t.studentId, t.number),
    // At most one attempt in progress per student and assessment: two tabs starting at once get the same one.
    uniqueIndex('attempts_one_in_progress_uq')
      .on(t.assessmentId, t.studentId)
      .where(sql`${t.status} = 'in_progress'`),
    index('attempts_org_assessment_idx').on(t.organizationId, t.assessmentId),
    index('attempts_deadline_idx').on(t.status, t.deadlineAt),
  ],
);
export type AttemptRow = typeof attempts.$inferSelect;

/**
 * The saved answer to one question of an attempt. A save carries the client's revision (increasing
 * per question) and an idempotency key: an older revision never overwrites a newer one (second
 * tab, late retry) and a repeated key is acknowledged without writing again.
 * markStatus: 'auto' | 'manual' (waits for a teacher) | 'unscored' (surveys) | 'marked' (by a teacher).
 */
export const attemptAnswers = pgTable(
  'attempt_answers',
  {
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => attempts.id, { onDelete: 'cascade' }),
    questionId: text('question_id').notNull(),
    answer: jsonb('answer'),
    revision: integer('revision').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    flagged: boolean('flagged').notNull().default(false),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull(),
    score: doublePrecision('score'),
    maxScore: doublePrecision('max_score'),
    correct: boolean('correct'),
    markStatus: text('mark_status'),
    /** Family-specific breakdown from the marker (per gap, per pair...). */
    markDetails: jsonb('mark_details'),
    feedback: text('feedback'),
    markedBy: uuid('marked_by').references(() => users.id, { onDelete: 'set null' }),
    markedAt: timestamp('marked_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.questionId] })],
);
export type AttemptAnswerRow = typeof attemptAnswers.$inferSelect;

/** Files and recordings students upload as (part of) an open answer; bytes in the file store. */
export const attemptFiles = pgTable(
  'attempt_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => attempts.id, { onDelete: 'cascade' }),
    questionId: text('question_id').notNull(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('attempt_files_attempt_idx').on(t.attemptId, t.questionId)],
);
