import { and, asc, desc, eq, getTableColumns, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  assessmentDrawRules,
  assessments,
  attempts,
  questionBankCategories,
  questionBankQuestions,
  users,
  type QuestionBankCategoryRow,
  type QuestionBankQuestionRow,
} from '../../db/schema/index.ts';
import { containsPattern } from '../../lib/text.ts';
import { subtreeOf, textArray } from '../assessments/bank-links.repository.ts';

/** Read by assessments for their links and draw rules (that module holds them), and by the bank. */
export { countDrawPool, findBankQuestions } from '../assessments/bank-links.repository.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

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
