import {
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
import { attempts } from './attempts.ts';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

/** A rubric's criterion as stored (RubricCriterion of the shared contract). */
interface StoredCriterion {
  id: string;
  title: string;
  levels: { id: string; points: number; description: string }[];
}

/** A level chosen with a mark, its words and points copied (RubricSelection of the shared contract). */
interface StoredSelection {
  criterionId: string;
  levelId: string;
  criterion: string;
  level: string;
  points: number;
}

/**
 * A marking rubric of one question of an assessment: criteria, each with levels worth
 * points. It is a marking aid kept beside the assessment, not in the attempts' question snapshots:
 * a teacher often writes it while marking, after students have submitted, and it must apply to
 * those answers too. What a mark used is kept with the mark (answerRubricMarks), so editing the
 * rubric later never rewrites how an answer was marked. `version` counts saves, so two teachers
 * editing it at once cannot silently overwrite each other.
 */
export const questionRubrics = pgTable(
  'question_rubrics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    assessmentId: uuid('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    questionId: text('question_id').notNull(),
    criteria: jsonb('criteria').$type<StoredCriterion[]>().notNull(),
    version: integer('version').notNull().default(1),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('question_rubrics_question_uq').on(t.assessmentId, t.questionId)],
);
export type QuestionRubricRow = typeof questionRubrics.$inferSelect;

/**
 * The rubric levels a teacher chose when marking one answer, copied with their words and points
 * (the rubric may change later), beside the score it filled.
 */
export const answerRubricMarks = pgTable(
  'answer_rubric_marks',
  {
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => attempts.id, { onDelete: 'cascade' }),
    questionId: text('question_id').notNull(),
    rubricVersion: integer('rubric_version').notNull(),
    selections: jsonb('selections').$type<StoredSelection[]>().notNull(),
    points: doublePrecision('points').notNull(),
    markedBy: uuid('marked_by').references(() => users.id, { onDelete: 'set null' }),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.questionId] })],
);
export type AnswerRubricMarkRow = typeof answerRubricMarks.$inferSelect;

/**
 * A language model's suggested mark for one open answer: score, rationale, which model
 * and when. Never a mark by itself: `decision` records what the teacher did with it ('accepted' as
 * suggested, 'edited' to another score, 'rejected'), with the final score they saved, so the
 * suggestion and the mark are both kept.
 */
export const markingSuggestions = pgTable(
  'marking_suggestions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => attempts.id, { onDelete: 'cascade' }),
    questionId: text('question_id').notNull(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    model: text('model').notNull(),
    score: doublePrecision('score').notNull(),
    maxScore: doublePrecision('max_score').notNull(),
    rationale: text('rationale').notNull(),
    /** The rubric levels the model chose (criterion and level ids), when the question has a rubric. */
    selections: jsonb('selections').$type<{ criterionId: string; levelId: string }[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decision: text('decision').$type<'accepted' | 'edited' | 'rejected'>(),
    finalScore: doublePrecision('final_score'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [index('marking_suggestions_answer_idx').on(t.attemptId, t.questionId, t.createdAt)],
);
export type MarkingSuggestionRow = typeof markingSuggestions.$inferSelect;
