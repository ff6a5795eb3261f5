import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { assessments } from './assessments.ts';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

/**
 * The question bank. Categories nest (parentId); sibling names are unique without
 * regard to case (top-level ones are siblings under the organization). A category with questions
 * or subcategories is not deleted (the service refuses; the foreign keys restrict).
 */
export const questionBankCategories = pgTable(
  'question_bank_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id'),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ columns: [t.parentId], foreignColumns: [t.id] }).onDelete('no action'),
    uniqueIndex('question_bank_categories_sibling_name_uq').on(
      t.organizationId,
      sql`coalesce(${t.parentId}, ${t.organizationId})`,
      sql`lower(${t.name})`,
    ),
    index('question_bank_categories_parent_idx').on(t.parentId),
  ],
);
export type QuestionBankCategoryRow = typeof questionBankCategories.$inferSelect;

/**
 * A bank question: `question` is the Question as an assessment uses it (validated by the
 * registry's QuestionSchema on every write; its id is the row's id). `type` and `text` are copied
 * out of it for the filters and the search. Assessments that use it by reference hold a copy with
 * `bankRef` = id, rewritten in the same transaction as every bank edit.
 */
export const questionBankQuestions = pgTable(
  'question_bank_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id').references((): AnyPgColumn => questionBankCategories.id, {
      onDelete: 'no action',
    }),
    type: text('type').notNull(),
    text: text('text').notNull(),
    difficulty: text('difficulty').notNull().default('Medium'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    question: jsonb('question').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('question_bank_questions_org_category_idx').on(t.organizationId, t.categoryId),
    index('question_bank_questions_org_updated_idx').on(t.organizationId, t.updatedAt),
    index('question_bank_questions_tags_idx').using('gin', t.tags),
  ],
);
export type QuestionBankQuestionRow = typeof questionBankQuestions.$inferSelect;

/**
 * An assessment's draw rules (shared DrawRuleSchema), replaced with the assessment on every save
 * (so the assessment row's version changes with them). `planTypes` are the types the plan allowed
 * when it was saved: the draw picks only those, as inline questions are checked on save.
 */
export const assessmentDrawRules = pgTable(
  'assessment_draw_rules',
  {
    assessmentId: uuid('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    ord: integer('ord').notNull(),
    position: integer('position').notNull(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => questionBankCategories.id, { onDelete: 'cascade' }),
    includeSubcategories: boolean('include_subcategories').notNull().default(true),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    types: text('types')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    planTypes: text('plan_types').array().notNull(),
    count: integer('count').notNull(),
    score: doublePrecision('score').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.assessmentId, t.id] }),
    index('assessment_draw_rules_category_idx').on(t.categoryId),
  ],
);
export type AssessmentDrawRuleRow = typeof assessmentDrawRules.$inferSelect;
