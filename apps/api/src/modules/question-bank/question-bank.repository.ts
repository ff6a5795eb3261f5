import { and, asc, desc, eq, getTableColumns, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Question } from '@vbuilder/shared';
import type { DbOrTx } from '../../db/client.ts';
import {
  assessmentDrawRules,
  assessments,
  attempts,
  questionBankCategories,
  questionBankQuestions,
  users,
  type AssessmentDrawRuleRow,
  type QuestionBankCategoryRow,
  type QuestionBankQuestionRow,
} from '../../db/schema/index.ts';
import { containsPattern } from '../../lib/text.ts';

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
const subtreeOf = (organizationId: string, categoryId: string): SQL => sql`(
  with recursive sub(id) as (
    select id from ${questionBankCategories} where id = ${categoryId} and organization_id = ${organizationId}
    union all
    select c.id from ${questionBankCategories} c join sub on c.parent_id = sub.id
  ) select id from sub)`;

// Categories ---------------------------------------------------------------------------------

export type CategoryWithCount = QuestionBankCategoryRow & { questionCount: number };

export async function listCategories(db: DbOrTx, organizationId: string): Promise<CategoryWithCount[]> {
  return db
    .select({
      id: questionBankCategories.id,
      organizationId: questionBankCategories.organizationId,
      parentId: questionBankCategories.parentId,
      name: questionBankCategories.name,
      createdAt: questionBankCategories.createdAt,
      updatedAt: questionBankCategories.updatedAt,
      // Qualified by hand: drizzle may name a select's own columns without their table.
      questionCount: sql<number>`(select count(*)::int from ${questionBankQuestions} q where q.category_id = "question_bank_categories"."id")`,
    })
    .from(questionBankCategories)
    .where(eq(questionBankCategories.organizationId, organizationId))
    .orderBy(asc(sql`lower(${questionBankCategories.name})`), asc(questionBankCategories.id));
}

export async function findCategory(
  db: DbOrTx,
  organizationId: string,
  id: string,
): Promise<QuestionBankCategoryRow | null> {
  const [row] = await db
    .select()
    .from(questionBankCategories)
    .where(and(eq(questionBankCategories.organizationId, organizationId), eq(questionBankCategories.id, id)))
    .limit(1);
  return row ?? null;
}

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

/** The chain from a category up to the top (itself first). */
export async function ancestorsOf(db: DbOrTx, organizationId: string, id: string): Promise<string[]> {
  const result = await db.execute(sql`
    with recursive up(id, parent_id, depth) as (
      select id, parent_id, 0 from ${questionBankCategories} where id = ${id} and organization_id = ${organizationId}
      union all
      select c.id, c.parent_id, up.depth + 1 from ${questionBankCategories} c join up on c.id = up.parent_id
      where up.depth < 100
    ) select id from up order by depth`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}

/** How many levels of subcategories hang below a category (0: none). */
export async function subtreeHeight(db: DbOrTx, id: string): Promise<number> {
  const result = await db.execute(sql`
    with recursive down(id, depth) as (
      select id, 0 from ${questionBankCategories} where id = ${id}
      union all
      select c.id, down.depth + 1 from ${questionBankCategories} c join down on c.parent_id = down.id
      where down.depth < 100
    ) select coalesce(max(depth), 0)::int as height from down`);
  return Number(rowsOf<{ height: number }>(result)[0]?.height ?? 0);
}

export async function insertCategory(
  tx: DbOrTx,
  values: typeof questionBankCategories.$inferInsert,
): Promise<QuestionBankCategoryRow> {
  const [row] = await tx.insert(questionBankCategories).values(values).returning();
  return row!;
}

export async function updateCategory(
  tx: DbOrTx,
  organizationId: string,
  id: string,
  values: Partial<typeof questionBankCategories.$inferInsert>,
): Promise<QuestionBankCategoryRow | null> {
  const [row] = await tx
    .update(questionBankCategories)
    .set(values)
    .where(and(eq(questionBankCategories.organizationId, organizationId), eq(questionBankCategories.id, id)))
    .returning();
  return row ?? null;
}

/** What keeps a category from being deleted: its questions and subcategories, and live assessments drawing from it. */
export async function categoryContents(db: DbOrTx, id: string) {
  const result = await db.execute(sql`select
    (select count(*)::int from ${questionBankQuestions} where category_id = ${id}) as questions,
    (select count(*)::int from ${questionBankCategories} where parent_id = ${id}) as children,
    (select count(*)::int from ${assessmentDrawRules} r join ${assessments} a on a.id = r.assessment_id
      where r.category_id = ${id} and a.deleted_at is null) as draws`);
  const row = rowsOf<{ questions: number; children: number; draws: number }>(result)[0]!;
  return { questions: Number(row.questions), children: Number(row.children), draws: Number(row.draws) };
}

export async function deleteCategory(tx: DbOrTx, organizationId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(questionBankCategories)
    .where(and(eq(questionBankCategories.organizationId, organizationId), eq(questionBankCategories.id, id)))
    .returning({ id: questionBankCategories.id });
  return rows.length === 1;
}

// Questions ----------------------------------------------------------------------------------

export type BankQuestionWithAuthor = QuestionBankQuestionRow & {
  authorName: string | null;
  linkedAssessments: number;
};

/** Assessments (not deleted) of the organization holding a question that refers to this bank question. */
const linksTo = (bankQuestionId: SQL | string): SQL =>
  sql`${assessments.questions} @> jsonb_build_array(jsonb_build_object('bankRef', ${bankQuestionId}::text))`;

const withAuthor = {
  ...getTableColumns(questionBankQuestions),
  authorName: users.name,
  // Qualified by hand: drizzle may name a select's own columns without their table.
  linkedAssessments: sql<number>`(select count(*)::int from ${assessments} a
    where a.organization_id = "question_bank_questions"."organization_id" and a.deleted_at is null
      and a.questions @> jsonb_build_array(jsonb_build_object('bankRef', "question_bank_questions"."id"::text)))`,
};

export async function findBankQuestion(
  db: DbOrTx,
  organizationId: string,
  id: string,
): Promise<BankQuestionWithAuthor | null> {
  const [row] = await db
    .select(withAuthor)
    .from(questionBankQuestions)
    .leftJoin(users, eq(users.id, questionBankQuestions.createdBy))
    .where(and(eq(questionBankQuestions.organizationId, organizationId), eq(questionBankQuestions.id, id)))
    .limit(1);
  return row ?? null;
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

export interface BankQuestionFilter {
  search?: string | undefined;
  categoryId?: string | undefined;
  includeSubcategories: boolean;
  uncategorized: boolean;
  types?: readonly string[] | undefined;
  difficulty?: string | undefined;
  tags?: readonly string[] | undefined;
  authorId?: string | undefined;
}

const SORTS = {
  updatedAt: questionBankQuestions.updatedAt,
  createdAt: questionBankQuestions.createdAt,
  text: sql`lower(${questionBankQuestions.text})`,
} as const;

export async function listBankQuestions(
  db: DbOrTx,
  organizationId: string,
  filter: BankQuestionFilter,
  page: { sort: keyof typeof SORTS; order: 'asc' | 'desc'; page: number; pageSize: number },
): Promise<{ rows: BankQuestionWithAuthor[]; total: number }> {
  const search = filter.search?.trim();
  const where = and(
    eq(questionBankQuestions.organizationId, organizationId),
    search ? ilike(questionBankQuestions.text, containsPattern(search)) : undefined,
    filter.uncategorized
      ? isNull(questionBankQuestions.categoryId)
      : filter.categoryId
        ? filter.includeSubcategories
          ? sql`${questionBankQuestions.categoryId} in ${subtreeOf(organizationId, filter.categoryId)}`
          : eq(questionBankQuestions.categoryId, filter.categoryId)
        : undefined,
    filter.types?.length ? inArray(questionBankQuestions.type, [...filter.types]) : undefined,
    filter.difficulty ? eq(questionBankQuestions.difficulty, filter.difficulty) : undefined,
    filter.tags?.length ? sql`${questionBankQuestions.tags} @> ${textArray(filter.tags)}` : undefined,
    filter.authorId ? eq(questionBankQuestions.createdBy, filter.authorId) : undefined,
  );
  const direction = page.order === 'desc' ? desc : asc;
  const rows = await db
    .select(withAuthor)
    .from(questionBankQuestions)
    .leftJoin(users, eq(users.id, questionBankQuestions.createdBy))
    .where(where)
    .orderBy(direction(SORTS[page.sort]), asc(questionBankQuestions.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(questionBankQuestions)
    .where(where);
  return { rows, total: count?.total ?? 0 };
}

export async function listTags(db: DbOrTx, organizationId: string) {
  const result = await db.execute(sql`
    select tag, count(*)::int as count
    from ${questionBankQuestions}, unnest(${questionBankQuestions.tags}) as tag
    where ${questionBankQuestions.organizationId} = ${organizationId}
    group by tag order by tag`);
  return rowsOf<{ tag: string; count: number }>(result).map((r) => ({ tag: r.tag, count: Number(r.count) }));
}

export async function listAuthors(db: DbOrTx, organizationId: string) {
  return db
    .selectDistinct({ id: users.id, name: users.name })
    .from(questionBankQuestions)
    .innerJoin(users, eq(users.id, questionBankQuestions.createdBy))
    .where(eq(questionBankQuestions.organizationId, organizationId))
    .orderBy(asc(users.name), asc(users.id));
}

export type NewBankQuestion = typeof questionBankQuestions.$inferInsert;

export async function insertBankQuestions(
  tx: DbOrTx,
  values: NewBankQuestion[],
): Promise<QuestionBankQuestionRow[]> {
  if (!values.length) return [];
  return tx.insert(questionBankQuestions).values(values).returning();
}

export async function updateBankQuestion(
  tx: DbOrTx,
  organizationId: string,
  id: string,
  values: Partial<NewBankQuestion>,
): Promise<QuestionBankQuestionRow | null> {
  const [row] = await tx
    .update(questionBankQuestions)
    .set(values)
    .where(and(eq(questionBankQuestions.organizationId, organizationId), eq(questionBankQuestions.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteBankQuestion(tx: DbOrTx, organizationId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(questionBankQuestions)
    .where(and(eq(questionBankQuestions.organizationId, organizationId), eq(questionBankQuestions.id, id)))
    .returning({ id: questionBankQuestions.id });
  return rows.length === 1;
}

/**
 * Whether a student has started the assessment: its questions are then locked (attempts hold
 * them), so a change in the bank leaves it its copy. The bank's edit dialog and the rewrite read
 * this same expression, so what the dialog announces is what a save does.
 */
// Qualified by hand: drizzle may name a select's own columns without their table.
const started = sql<boolean>`exists (select 1 from ${attempts} t where t.assessment_id = "assessments"."id")`;

const linkedTo = (organizationId: string, bankQuestionId: string) =>
  and(eq(assessments.organizationId, organizationId), isNull(assessments.deletedAt), linksTo(bankQuestionId));

/** Assessments (not deleted) of the organization that use this bank question by reference, locked for the update. */
export async function assessmentsLinkedTo(db: DbOrTx, organizationId: string, bankQuestionId: string) {
  return db
    .select({ id: assessments.id, questions: assessments.questions, locked: started })
    .from(assessments)
    .where(linkedTo(organizationId, bankQuestionId))
    .orderBy(asc(assessments.id))
    .for('update');
}

/** The same assessments by title, each with whether it is locked (started), for the edit dialog. */
export async function listLinkedAssessments(db: DbOrTx, organizationId: string, bankQuestionId: string) {
  return db
    .select({ id: assessments.id, title: assessments.title, locked: started })
    .from(assessments)
    .where(linkedTo(organizationId, bankQuestionId))
    .orderBy(asc(assessments.title), asc(assessments.id));
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

/** Questions, of the organization, a draw rule can pick from (what `drawFromBank` would choose among). */
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
