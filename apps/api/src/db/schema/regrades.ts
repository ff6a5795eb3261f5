import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { assessments } from './assessments.ts';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

/**
 * One applied regrade of a question of an assessment: who applied it, when, how
 * ('remark' with a corrected question, 'fullMarks', 'drop'), the question before and after, and
 * per changed attempt its figures before and after (`changes`, RegradeChange[] of
 * modules/regrades). Rows are only inserted: this is the history the teacher reads.
 */
export const regrades = pgTable(
  'regrades',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    assessmentId: uuid('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    questionId: text('question_id').notNull(),
    mode: text('mode').notNull(),
    /** The question as the attempts held it before, and as it is marked after (the same for fullMarks/drop). */
    questionBefore: jsonb('question_before').notNull(),
    questionAfter: jsonb('question_after').notNull(),
    /** The teacher asked for answers a teacher had marked to be changed too. */
    includeTeacherMarks: boolean('include_teacher_marks').notNull().default(false),
    changes: jsonb('changes').notNull(),
    appliedBy: uuid('applied_by').references(() => users.id, { onDelete: 'set null' }),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('regrades_assessment_idx').on(t.assessmentId, t.appliedAt)],
);
export type RegradeRow = typeof regrades.$inferSelect;
