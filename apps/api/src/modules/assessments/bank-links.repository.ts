import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Question } from '@vbuilder/shared';
import type { DbOrTx } from '../../db/client.ts';
import {
  assessmentDrawRules,
  assessments,
  questionBankCategories,
  questionBankQuestions,
  type AssessmentDrawRuleRow,
  type QuestionBankQuestionRow,
} from '../../db/schema/index.ts';

/*
 * What an assessment reads and writes for its bank links (docs/product/question-bank.md#how-it-is-built):
 * its draw rules, and the bank's questions and categories that its links and rules name. The
 * question bank reads its own tables through question-bank.repository.ts, which takes the shared
 * pieces (the category subtree, text arrays, the bank's questions by id) from here, so the
 * modules' imports run one way: question-bank → assessments.
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A text[] literal built from bound values ('{}' when empty). */
export const textArray = (values: readonly string[]): SQL =>
  values.length
    ? sql`array[${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )}]::text[]`
    : sql`'{}'::text[]`;

const uuidArray = (values: readonly string[]): SQL =>
  values.length
    ? sql`array[${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )}]::uuid[]`
    : sql`'{}'::uuid[]`;

/** The ids of a category and all its subcategories, as a subquery (recursive). */
export const subtreeOf = (organizationId: string, categoryId: string): SQL => sql`(
  with recursive sub(id) as (
    select id from ${questionBankCategories} where id = ${categoryId} and organization_id = ${organizationId}
    union all
    select c.id from ${questionBankCategories} c join sub on c.parent_id = sub.id
  ) select id from sub)`;

// The bank, as links and rules name it -------------------------------------------------------

/** The categories of the organization among these ids. */
export async function findCategoryIds(
  db: DbOrTx,
  organizationId: string,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: questionBankCategories.id, name: questionBankCategories.name })
    .from(questionBankCategories)
    .where(
      and(
        eq(questionBankCategories.organizationId, organizationId),
        inArray(questionBankCategories.id, [...ids]),
      ),
    );
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The bank questions of the organization among these ids (content only). */
export async function findBankQuestions(
  db: DbOrTx,
  organizationId: string,
  ids: readonly string[],
): Promise<QuestionBankQuestionRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(questionBankQuestions)
    .where(
      and(
        eq(questionBankQuestions.organizationId, organizationId),
        inArray(questionBankQuestions.id, [...ids]),
      ),
    );
}

// Draw rules ---------------------------------------------------------------------------------

export async function replaceDrawRules(
  tx: DbOrTx,
  assessmentId: string,
  rules: Omit<typeof assessmentDrawRules.$inferInsert, 'assessmentId'>[],
): Promise<void> {
  await tx.delete(assessmentDrawRules).where(eq(assessmentDrawRules.assessmentId, assessmentId));
  if (rules.length) await tx.insert(assessmentDrawRules).values(rules.map((r) => ({ ...r, assessmentId })));
}

export async function listDrawRules(db: DbOrTx, assessmentId: string): Promise<AssessmentDrawRuleRow[]> {
  return db
    .select()
    .from(assessmentDrawRules)
    .where(eq(assessmentDrawRules.assessmentId, assessmentId))
    .orderBy(asc(assessmentDrawRules.ord));
}

/** Questions, of the organization, a draw rule can pick from (what `drawCandidates` chooses among). */
export interface DrawPoolFilter {
  categoryId: string;
  includeSubcategories: boolean;
  tags: readonly string[];
  /** The types it may draw (already narrowed to the plan's). */
  types: readonly string[];
}

const poolConditions = (organizationId: string, rule: DrawPoolFilter, q: SQL): SQL => sql`
  ${q}.organization_id = ${organizationId}
  and ${
    rule.includeSubcategories
      ? sql`${q}.category_id in ${subtreeOf(organizationId, rule.categoryId)}`
      : sql`${q}.category_id = ${rule.categoryId}`
  }
  and ${q}.tags @> ${textArray(rule.tags)}
  and ${q}.type = any(${textArray(rule.types)})`;

export async function countDrawPool(
  db: DbOrTx,
  organizationId: string,
  rule: DrawPoolFilter,
): Promise<number> {
  const q = sql.raw('q');
  const result = await db.execute(
    sql`select count(*)::int as n from ${questionBankQuestions} q where ${poolConditions(organizationId, rule, q)}`,
  );
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

export interface DrawRequest extends DrawPoolFilter {
  /** The rule's id: part of the order, so two rules over one category draw independently. */
  id: string;
  /** How many rows to read: the rule's count plus what other rules and linked questions may take first. */
  limit: number;
}

/**
 * One read for every rule of an attempt: each rule's candidates in a per-attempt order (md5 of the
 * attempt's seed, the rule and the question), the first `limit` of each, leaving out `exclude`
 * (bank questions the assessment already uses by reference). The same seed and bank give the same rows.
 */
export async function drawCandidates(
  db: DbOrTx,
  organizationId: string,
  seed: string,
  rules: readonly DrawRequest[],
  exclude: readonly string[],
): Promise<{ rule: number; id: string; question: Question }[]> {
  if (!rules.length) return [];
  const q = sql.raw('q');
  const parts = rules.map(
    (rule, i) => sql`(select ${i}::int as rule, q.id::text as id, q.question, k
      from ${questionBankQuestions} q,
        lateral (select md5(${seed}::text || ':' || ${rule.id}::text || ':' || q.id::text) as k) key
      where ${poolConditions(organizationId, rule, q)} and not (q.id = any(${uuidArray(exclude)}))
      order by k, q.id
      limit ${rule.limit})`,
  );
  const result = await db.execute(sql.join(parts, sql` union all `));
  // Union all keeps no order: each rule's rows are put back in their draw order here.
  return rowsOf<{ rule: number; id: string; question: Question; k: string }>(result)
    .sort(
      (a, b) => Number(a.rule) - Number(b.rule) || (a.k < b.k ? -1 : a.k > b.k ? 1 : a.id < b.id ? -1 : 1),
    )
    .map((r) => ({ rule: Number(r.rule), id: r.id, question: r.question }));
}

/**
 * An assessment's questions and draw rules at `version` (AssessmentHead.version), read together
 * so they always belong to the same version; null when the assessment changed since (or is gone).
 */
export async function findContentAtVersion(
  db: DbOrTx,
  assessmentId: string,
  version: string,
): Promise<{ questions: unknown; rules: AssessmentDrawRuleRow[] } | null> {
  const result = await db.execute(sql`
    select a.questions,
      coalesce((select jsonb_agg(jsonb_build_object(
          'id', r.id, 'ord', r.ord, 'position', r.position, 'categoryId', r.category_id,
          'includeSubcategories', r.include_subcategories, 'tags', to_jsonb(r.tags),
          'types', to_jsonb(r.types), 'planTypes', to_jsonb(r.plan_types), 'count', r.count,
          'score', r.score) order by r.ord)
        from ${assessmentDrawRules} r where r.assessment_id = a.id), '[]'::jsonb) as rules
    from ${assessments} a where a.id = ${assessmentId} and a.xmin::text = ${version}`);
  const row = rowsOf<{ questions: unknown; rules: Omit<AssessmentDrawRuleRow, 'assessmentId'>[] }>(result)[0];
  if (!row) return null;
  return { questions: row.questions, rules: row.rules.map((r) => ({ ...r, assessmentId })) };
}
