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
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

/**
 * An assessment (docs/product/data.md) with its ordered questions kept as one JSON array validated by the
 * registry's QuestionSchema on every write. Deleting sets deletedAt: submissions keep pointing
 * at it and the monthly allowance still counts it (allowances count creations).
 */
export const assessments = pgTable(
  'assessments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    subject: text('subject').notNull(),
    difficulty: text('difficulty').notNull(),
    generationType: text('generation_type').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    durationMinutes: integer('duration_minutes'),
    totalMarks: doublePrecision('total_marks').notNull().default(0),
    passMark: integer('pass_mark').notNull(),
    instructions: text('instructions').notNull().default(''),
    allowRetake: boolean('allow_retake').notNull().default(false),
    language: text('language').notNull().default('en'),
    instructor: text('instructor').notNull().default(''),
    status: text('status').notNull().default('draft'),
    reviewPolicy: text('review_policy').notNull().default('afterSubmission'),
    /**
     * When students see their results: 'immediate' (as before), 'afterWindow' (once the
     * window has ended) or 'manual' (when a teacher releases them: attempts.released_at).
     */
    releasePolicy: text('release_policy').notNull().default('immediate'),
    /** 'all' students of the organization, or 'selected' ones (assessment_assignees). */
    assignmentMode: text('assignment_mode').notNull().default('all'),
    questions: jsonb('questions')
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('assessments_org_created_idx').on(t.organizationId, t.createdAt),
    index('assessments_org_title_idx').on(t.organizationId, t.title),
  ],
);
export type AssessmentRow = typeof assessments.$inferSelect;

/** The students chosen for an assessment whose assignment mode is 'selected'. */
export const assessmentAssignees = pgTable(
  'assessment_assignees',
  {
    assessmentId: uuid('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.assessmentId, t.studentId] }),
    index('assessment_assignees_student_idx').on(t.studentId),
  ],
);

/** Files and resources attached to an assessment; the bytes are in the file store under `storageKey`. */
export const assessmentResources = pgTable(
  'assessment_resources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assessmentId: uuid('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('assessment_resources_assessment_idx').on(t.assessmentId)],
);
