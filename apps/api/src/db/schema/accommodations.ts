import { index, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { assessments } from './assessments.ts';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

/**
 * A student's accommodation for one assessment: extra time, as minutes or as a
 * percentage of the duration (one of the two), and/or a window of their own that replaces the
 * assessment's. Per student: the product has no groups or classes. The attempt's deadline is
 * fixed from it at the start (deadlineFor) and moved on the running attempt when it changes, so
 * the autosave keeps reading one column of the attempt row.
 */
export const assessmentAccommodations = pgTable(
  'assessment_accommodations',
  {
    assessmentId: uuid('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    extraMinutes: integer('extra_minutes'),
    extraPercent: integer('extra_percent'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.assessmentId, t.studentId] }),
    index('assessment_accommodations_student_idx').on(t.studentId),
  ],
);
export type AccommodationRow = typeof assessmentAccommodations.$inferSelect;
