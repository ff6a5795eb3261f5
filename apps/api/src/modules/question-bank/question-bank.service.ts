// Over 500 lines for now: it is to be split along its sections (categories, questions and links), each into a file
// of its own in this module, with the module's other work (docs/architecture/overview.md).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  ASSESSMENT_LIMITS,
  BANK_LIMITS,
  newPartId,
  typesOfPlan,
  type Assessment,
  type BankAuthorList,
  type BankCategory,
  type BankCategoryList,
  type BankQuestion,
  type BankQuestionLinks,
  type BankQuestionList,
  type BankQuestionListParams,
  type BankQuestionValues,
  type BankTagList,
  type DrawPool,
  type Question,
} from '@vbuilder/shared';
import type { z } from 'zod';
import type {
  AddToAssessmentSchema,
  BankCategoryInputSchema,
  BankCategoryUpdateSchema,
  DrawPoolQuerySchema,
  SaveFromAssessmentSchema,
} from '@vbuilder/shared';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { QuestionBankCategoryRow } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../types.d.ts';
import { recordAudit, type AuditAction } from '../audit/audit.repository.ts';
import { assertTypesInPlan, getAssessment } from '../assessments/assessments.service.ts';
import { ownOrganization } from '../assessments/assessments.policy.ts';
import {
  findQuestionsWritableAssessment,
  findWritableAssessment,
  type AssessmentsContext,
} from '../assessments/assessments.access.ts';
import { updateAssessment } from '../assessments/assessments.repository.ts';
import { currentPlan } from '../plans/plans.service.ts';
import { asAssessmentQuestion, drawRulesOf, totalMarksWith } from './bank-links.service.ts';
import {
  ancestorsOf,
  assessmentsLinkedTo,
  categoryContents,
  countDrawPool,
  deleteBankQuestion,
  deleteCategory,
  findBankQuestion,
  findBankQuestions,
  findCategory,
  insertBankQuestions,
  insertCategory,
  listAuthors,
  listBankQuestions,
  listCategories,
  listLinkedAssessments,
  listTags,
  subtreeHeight,
  updateBankQuestion,
  updateCategory,
  type BankQuestionFilter,
  type BankQuestionWithAuthor,
  type CategoryWithCount,
} from './question-bank.repository.ts';

/**
 * The question bank of an organization. Its teachers and administrators read and write
 * it (routes declare the roles); every query is scoped to the actor's own organization, and
 * another organization's ids answer 404 like missing ones.
 */
export interface QuestionBankContext extends AssessmentsContext {
  db: Db;
  clock: Clock;
}

export const questionBankContext = (ctx: AssessmentsContext): QuestionBankContext => ctx;

const toCategory = (row: CategoryWithCount): BankCategory => ({
  id: row.id,
  name: row.name,
  parentId: row.parentId,
  questionCount: row.questionCount,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const toBankQuestion = (row: BankQuestionWithAuthor): BankQuestion => ({
  id: row.id,
  categoryId: row.categoryId,
  tags: row.tags,
  difficulty: row.difficulty as BankQuestion['difficulty'],
  question: row.question as Question,
  createdBy: row.createdBy ? { id: row.createdBy, name: row.authorName ?? '' } : null,
  linkedAssessments: Number(row.linkedAssessments),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const audit = (
  tx: DbOrTx,
  actor: Actor,
  action: AuditAction,
  target: { type: 'bank_category' | 'bank_question'; id: string; organizationId: string },
  now: Date,
  details?: Record<string, unknown>,
) =>
  recordAudit(
    tx,
    actor,
    { action, targetType: target.type, targetId: target.id, organizationId: target.organizationId, details },
    now,
  );

/** One change to an organization's categories at a time, so names and moves are checked against a still tree. */
const lockCategories = (tx: DbOrTx, organizationId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`bank-categories:${organizationId}`}))`);

// Categories ---------------------------------------------------------------------------------

export async function listBankCategories(ctx: QuestionBankContext, actor: Actor): Promise<BankCategoryList> {
  const organizationId = ownOrganization(actor);
  return { items: (await listCategories(ctx.db, organizationId)).map(toCategory) };
}

async function categoryOrNotFound(db: DbOrTx, organizationId: string, id: string) {
  const row = await findCategory(db, organizationId, id);
  if (!row) throw notFound('category');
  return row;
}

/** A parent that exists, and a tree no deeper than allowed once `height` more levels hang below the child. */
async function checkParent(
  tx: DbOrTx,
  organizationId: string,
  parentId: string | null,
  moving: string | null,
  height: number,
): Promise<void> {
  if (!parentId) return;
  const chain = await ancestorsOf(tx, organizationId, parentId);
  if (!chain.length) {
    throw badRequest('validation_error', 'The parent category does not exist', [
      { path: ['parentId'], message: 'questionBank.errors.parentMissing' },
    ]);
  }
  if (moving && chain.includes(moving)) {
    throw badRequest('bank_category_loop', 'A category cannot move into itself or one of its subcategories');
  }
  // chain.length levels above the child, the child itself, `height` levels below it.
  if (chain.length + height > BANK_LIMITS.categoryDepthMax) {
    throw badRequest('bank_category_loop', 'Categories cannot nest this deep');
  }
}

async function assertNameFree(
  tx: DbOrTx,
  organizationId: string,
  parentId: string | null,
  name: string,
  except: string | null,
): Promise<void> {
  const siblings = await listCategories(tx, organizationId);
  const taken = siblings.some(
    (c) => c.parentId === parentId && c.id !== except && c.name.toLowerCase() === name.toLowerCase(),
  );
  if (taken) throw conflict('bank_category_name_taken', 'A category with this name already exists here');
}

async function categoryView(db: DbOrTx, organizationId: string, id: string): Promise<BankCategory> {
  const row = (await listCategories(db, organizationId)).find((c) => c.id === id);
  if (!row) throw notFound('category');
  return toCategory(row);
}

export async function createBankCategory(
  ctx: QuestionBankContext,
  actor: Actor,
  input: z.output<typeof BankCategoryInputSchema>,
): Promise<BankCategory> {
  const organizationId = ownOrganization(actor);
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    await lockCategories(tx, organizationId);
    await checkParent(tx, organizationId, input.parentId, null, 0);
    await assertNameFree(tx, organizationId, input.parentId, input.name, null);
    const created = await insertCategory(tx, {
      organizationId,
      parentId: input.parentId,
      name: input.name,
      createdAt: now,
      updatedAt: now,
    });
    await audit(tx, actor, 'question_bank.category_created', { type: 'bank_category', ...created }, now, {
      name: created.name,
    });
    return created;
  });
  return categoryView(ctx.db, organizationId, row.id);
}

/** PATCH: rename, and/or move under another parent (never under itself or its own subcategories). */
export async function updateBankCategory(
  ctx: QuestionBankContext,
  actor: Actor,
  id: string,
  input: z.output<typeof BankCategoryUpdateSchema>,
): Promise<BankCategory> {
  const organizationId = ownOrganization(actor);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await lockCategories(tx, organizationId);
    const current: QuestionBankCategoryRow = await categoryOrNotFound(tx, organizationId, id);
    const parentId = input.parentId === undefined ? current.parentId : input.parentId;
    const name = input.name ?? current.name;
    if (parentId !== current.parentId) {
      await checkParent(tx, organizationId, parentId, id, await subtreeHeight(tx, id));
    }
    await assertNameFree(tx, organizationId, parentId, name, id);
    await updateCategory(tx, organizationId, id, { name, parentId, updatedAt: now });
    await audit(
      tx,
      actor,
      'question_bank.category_updated',
      { type: 'bank_category', id, organizationId },
      now,
      {
        name,
        parentId,
        ...(parentId !== current.parentId ? { from: current.parentId } : {}),
      },
    );
  });
  return categoryView(ctx.db, organizationId, id);
}

/** DELETE: only an empty category (no questions, no subcategories) that no live assessment draws from. */
export async function deleteBankCategory(ctx: QuestionBankContext, actor: Actor, id: string): Promise<void> {
  const organizationId = ownOrganization(actor);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await lockCategories(tx, organizationId);
    const row = await categoryOrNotFound(tx, organizationId, id);
    const contents = await categoryContents(tx, id);
    if (contents.questions > 0 || contents.children > 0) {
      throw conflict('bank_category_not_empty', 'The category still has questions or subcategories');
    }
    if (contents.draws > 0) {
      throw conflict('bank_category_in_use', 'An assessment draws questions from this category');
    }
    await deleteCategory(tx, organizationId, id);
    await audit(tx, actor, 'question_bank.category_deleted', { type: 'bank_category', ...row }, now, {
      name: row.name,
    });
  });
}

// Questions ----------------------------------------------------------------------------------

async function questionView(db: DbOrTx, organizationId: string, id: string): Promise<BankQuestion> {
  const row = await findBankQuestion(db, organizationId, id);
  if (!row) throw notFound('question');
  return toBankQuestion(row);
}

export async function listBankQuestionsFor(
  ctx: QuestionBankContext,
  actor: Actor,
  query: BankQuestionListParams,
): Promise<BankQuestionList> {
  const organizationId = ownOrganization(actor);
  const { rows, total } = await listBankQuestions(
    ctx.db,
    organizationId,
    {
      search: query.search,
      categoryId: query.categoryId,
      includeSubcategories: query.includeSubcategories,
      uncategorized: query.uncategorized,
      types: query.type,
      difficulty: query.difficulty,
      tags: query.tag,
      authorId: query.authorId,
    },
    { sort: query.sort, order: query.order, page: query.page, pageSize: query.pageSize },
  );
  return { items: rows.map(toBankQuestion), total, page: query.page, pageSize: query.pageSize };
}

export async function getBankQuestion(
  ctx: QuestionBankContext,
  actor: Actor,
  id: string,
): Promise<BankQuestion> {
  return questionView(ctx.db, ownOrganization(actor), id);
}

/**
 * The assessments that use a bank question by reference, each with whether it is locked: a
 * student has started it, so saving the bank question leaves it the copy it has. The rest take
 * the change (rewriteLinkedAssessments reads the same rule).
 */
export async function bankQuestionLinks(
  ctx: QuestionBankContext,
  actor: Actor,
  id: string,
): Promise<BankQuestionLinks> {
  const organizationId = ownOrganization(actor);
  if (!(await findBankQuestion(ctx.db, organizationId, id))) throw notFound('question');
  const rows = await listLinkedAssessments(ctx.db, organizationId, id);
  return { items: rows.map((r) => ({ id: r.id, title: r.title, locked: Boolean(r.locked) })) };
}

export async function listBankTags(ctx: QuestionBankContext, actor: Actor): Promise<BankTagList> {
  return { items: await listTags(ctx.db, ownOrganization(actor)) };
}

export async function listBankAuthors(ctx: QuestionBankContext, actor: Actor): Promise<BankAuthorList> {
  return { items: await listAuthors(ctx.db, ownOrganization(actor)) };
}

/** A category of the organization (or none), or a 400 on the field: ids of others are not confirmed. */
async function assertCategory(db: DbOrTx, organizationId: string, categoryId: string | null): Promise<void> {
  if (categoryId && !(await findCategory(db, organizationId, categoryId))) {
    throw badRequest('validation_error', 'The category does not exist', [
      { path: ['categoryId'], message: 'questionBank.errors.categoryMissing' },
    ]);
  }
}

/** The question as the bank stores it: the bank's id, no reference. */
const bankContent = (question: Question, id: string): Question => {
  const { bankRef: _bankRef, ...content } = question;
  return { ...content, id };
};

async function checkPlan(db: DbOrTx, organizationId: string, questions: readonly Question[], now: Date) {
  const { plan } = await currentPlan(db, organizationId, now);
  assertTypesInPlan(plan, questions);
}

async function insertIntoBank(
  tx: DbOrTx,
  actor: Actor,
  organizationId: string,
  input: BankQuestionValues,
  now: Date,
  details: Record<string, unknown> = {},
): Promise<string> {
  const id = randomUUID();
  const question = bankContent(input.question, id);
  await insertBankQuestions(tx, [
    {
      id,
      organizationId,
      categoryId: input.categoryId,
      type: question.type,
      text: question.text,
      difficulty: input.difficulty,
      tags: input.tags,
      question,
      createdBy: actor.userId,
      updatedBy: actor.userId,
      createdAt: now,
      updatedAt: now,
    },
  ]);
  await audit(
    tx,
    actor,
    'question_bank.question_created',
    { type: 'bank_question', id, organizationId },
    now,
    {
      type: question.type,
      ...details,
    },
  );
  return id;
}

export async function createBankQuestion(
  ctx: QuestionBankContext,
  actor: Actor,
  input: BankQuestionValues,
): Promise<BankQuestion> {
  const organizationId = ownOrganization(actor);
  const now = ctx.clock.now();
  await assertCategory(ctx.db, organizationId, input.categoryId);
  await checkPlan(ctx.db, organizationId, [input.question], now);
  const id = await ctx.db.transaction((tx) => insertIntoBank(tx, actor, organizationId, input, now));
  return questionView(ctx.db, organizationId, id);
}

/**
 * Rewrites, in the caller's transaction, every assessment that uses a bank question by reference:
 * its copies take `content` (null: the bank question is gone, the copies stay as the
 * assessment's own questions). Each update changes the assessment's version, so the start path's
 * question cache never serves the old content. Attempts keep their snapshots. An assessment a
 * student has started keeps its content (its questions are locked). Answers how many changed.
 */
async function rewriteLinkedAssessments(
  tx: DbOrTx,
  organizationId: string,
  bankQuestionId: string,
  content: { id: string; question: unknown } | null,
  now: Date,
): Promise<number> {
  const linked = await assessmentsLinkedTo(tx, organizationId, bankQuestionId);
  let rewritten = 0;
  for (const assessment of linked) {
    // A started assessment's questions are locked (findQuestionsWritableAssessment): it keeps the
    // content it has, still linked; only a deleted bank question's link is dropped (same content).
    if (content && assessment.locked) continue;
    rewritten += 1;
    const questions = (assessment.questions as Question[]).map((q) => {
      if (q.bankRef !== bankQuestionId) return q;
      if (content) return asAssessmentQuestion(content, q.id, 'reference');
      const { bankRef: _bankRef, ...own } = q;
      return own;
    });
    const draws = await drawRulesOf(tx, assessment.id);
    await updateAssessment(tx, organizationId, assessment.id, {
      questions,
      totalMarks: totalMarksWith(questions, draws),
      updatedAt: now,
    });
  }
  return rewritten;
}

export async function updateBankQuestionById(
  ctx: QuestionBankContext,
  actor: Actor,
  id: string,
  input: BankQuestionValues,
): Promise<BankQuestion> {
  const organizationId = ownOrganization(actor);
  const now = ctx.clock.now();
  if (!(await findBankQuestion(ctx.db, organizationId, id))) throw notFound('question');
  await assertCategory(ctx.db, organizationId, input.categoryId);
  await checkPlan(ctx.db, organizationId, [input.question], now);
  await ctx.db.transaction(async (tx) => {
    const question = bankContent(input.question, id);
    const row = await updateBankQuestion(tx, organizationId, id, {
      categoryId: input.categoryId,
      type: question.type,
      text: question.text,
      difficulty: input.difficulty,
      tags: input.tags,
      question,
      updatedBy: actor.userId,
      updatedAt: now,
    });
    if (!row) throw notFound('question');
    const assessments = await rewriteLinkedAssessments(tx, organizationId, id, row, now);
    await audit(
      tx,
      actor,
      'question_bank.question_updated',
      { type: 'bank_question', id, organizationId },
      now,
      {
        type: question.type,
        linkedAssessments: assessments,
      },
    );
  });
  return questionView(ctx.db, organizationId, id);
}

/** DELETE: assessments that used it by reference keep it as their own question; attempts keep theirs. */
export async function deleteBankQuestionById(
  ctx: QuestionBankContext,
  actor: Actor,
  id: string,
): Promise<void> {
  const organizationId = ownOrganization(actor);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    if (!(await deleteBankQuestion(tx, organizationId, id))) throw notFound('question');
    const assessments = await rewriteLinkedAssessments(tx, organizationId, id, null, now);
    await audit(
      tx,
      actor,
      'question_bank.question_deleted',
      { type: 'bank_question', id, organizationId },
      now,
      {
        unlinkedAssessments: assessments,
      },
    );
  });
}

// Between the bank and assessments -----------------------------------------------------------

/** An id for a question new to an assessment, unlike any it has. */
function freshId(taken: Set<string>): string {
  let id = newPartId();
  while (taken.has(id)) id = newPartId();
  taken.add(id);
  return id;
}

/**
 * POST /question-bank/assessments/:assessmentId/save-to-bank: one of the assessment's saved
 * questions goes into the bank; with `link`, the assessment's question then refers to it.
 */
export async function saveFromAssessment(
  ctx: QuestionBankContext,
  actor: Actor,
  assessmentId: string,
  input: z.output<typeof SaveFromAssessmentSchema>,
): Promise<BankQuestion> {
  const organizationId = ownOrganization(actor);
  const now = ctx.clock.now();
  await findWritableAssessment(ctx.db, actor, assessmentId);
  await assertCategory(ctx.db, organizationId, input.categoryId);
  const id = await ctx.db.transaction(async (tx) => {
    // Linking changes the assessment's question (its bank link): only while nobody has started it.
    const assessment = input.link
      ? await findQuestionsWritableAssessment(tx, actor, assessmentId)
      : await findWritableAssessment(tx, actor, assessmentId);
    const questions = assessment.questions as Question[];
    const question = questions.find((q) => q.id === input.questionId);
    if (!question) throw new AppError(404, 'unknown_question', 'This question is not part of the assessment');
    const bankId = await insertIntoBank(
      tx,
      actor,
      organizationId,
      { question, categoryId: input.categoryId, tags: input.tags, difficulty: input.difficulty },
      now,
      { fromAssessment: assessmentId },
    );
    if (input.link) {
      await updateAssessment(tx, organizationId, assessmentId, {
        questions: questions.map((q) => (q.id === question.id ? { ...q, bankRef: bankId } : q)),
        updatedAt: now,
      });
    }
    return bankId;
  });
  return questionView(ctx.db, organizationId, id);
}

/**
 * POST /question-bank/assessments/:assessmentId/questions: bank questions appended to a saved
 * assessment by reference or by copy; the plan's types and the assessment's size are checked.
 */
export async function addToAssessment(
  ctx: QuestionBankContext,
  actor: Actor,
  assessmentId: string,
  input: z.output<typeof AddToAssessmentSchema>,
): Promise<Assessment> {
  const organizationId = ownOrganization(actor);
  const now = ctx.clock.now();
  await findQuestionsWritableAssessment(ctx.db, actor, assessmentId);
  const wanted = [...new Set(input.questionIds)];
  const found = new Map((await findBankQuestions(ctx.db, organizationId, wanted)).map((r) => [r.id, r]));
  if (found.size !== wanted.length) throw notFound('question');
  const { plan } = await currentPlan(ctx.db, organizationId, now);
  await ctx.db.transaction(async (tx) => {
    const assessment = await findQuestionsWritableAssessment(tx, actor, assessmentId);
    const current = assessment.questions as Question[];
    const taken = new Set(current.map((q) => q.id));
    const added = wanted.map((id) => asAssessmentQuestion(found.get(id)!, freshId(taken), input.mode));
    assertTypesInPlan(plan, added);
    const questions = [...current, ...added];
    const draws = await drawRulesOf(tx, assessmentId);
    const size = questions.length + draws.reduce((n, d) => n + d.count, 0);
    if (
      current.length + added.length > ASSESSMENT_LIMITS.questionsMax ||
      size > ASSESSMENT_LIMITS.questionsMax
    ) {
      throw badRequest('validation_error', 'Too many questions', [
        { path: ['questionIds'], message: 'assessments.errors.tooManyQuestions' },
      ]);
    }
    await updateAssessment(tx, organizationId, assessmentId, {
      questions,
      totalMarks: totalMarksWith(questions, draws),
      updatedAt: now,
    });
    await recordAudit(
      tx,
      actor,
      {
        action: 'assessment.updated',
        targetType: 'assessment',
        targetId: assessmentId,
        organizationId,
        details: { title: assessment.title, fromBank: wanted, mode: input.mode },
      },
      now,
    );
  });
  return getAssessment(ctx, actor, assessmentId);
}

/** POST /question-bank/draw-pool: how many questions a draw rule could pick from, with the plan's types. */
export async function drawPool(
  ctx: QuestionBankContext,
  actor: Actor,
  input: z.output<typeof DrawPoolQuerySchema>,
): Promise<DrawPool> {
  const organizationId = ownOrganization(actor);
  const { plan } = await currentPlan(ctx.db, organizationId, ctx.clock.now());
  const planTypes = typesOfPlan(plan) as string[];
  const types = input.types.length ? input.types.filter((t) => planTypes.includes(t)) : planTypes;
  return { available: await countDrawPool(ctx.db, organizationId, { ...input, types }) };
}

// For importers -----------------------------------------------------------

/**
 * The category at this path of names from the top level ('Physics' › 'Optics'), created where it
 * is missing (sibling names compare without regard to case). Null for an empty path (no category).
 */
export async function ensureCategoryPath(
  tx: DbOrTx,
  actor: Actor,
  organizationId: string,
  names: readonly string[],
  now: Date,
): Promise<string | null> {
  await lockCategories(tx, organizationId);
  const existing = await listCategories(tx, organizationId);
  let parentId: string | null = null;
  for (const raw of names.slice(0, BANK_LIMITS.categoryDepthMax)) {
    const name = raw.trim().slice(0, BANK_LIMITS.categoryNameMax);
    if (!name) continue;
    const found = existing.find(
      (c) => c.parentId === parentId && c.name.toLowerCase() === name.toLowerCase(),
    );
    if (found) {
      parentId = found.id;
      continue;
    }
    const created = await insertCategory(tx, {
      organizationId,
      parentId,
      name,
      createdAt: now,
      updatedAt: now,
    });
    existing.push({ ...created, questionCount: 0 });
    await audit(tx, actor, 'question_bank.category_created', { type: 'bank_category', ...created }, now, {
      name,
    });
    parentId = created.id;
  }
  return parentId;
}

/** One question an importer puts in the bank, with its category path (names from the top). */
export interface BankImportItem {
  question: Question;
  categoryPath: readonly string[];
  tags?: readonly string[];
  difficulty?: BankQuestionValues['difficulty'];
}

/**
 * Puts imported questions in the organization's bank in one transaction (all or none), creating
 * their categories; each question's type must be in the plan (type_not_in_plan otherwise, nothing
 * saved). Answers the new bank questions' ids, in order.
 */
export async function importIntoBank(
  ctx: QuestionBankContext,
  actor: Actor,
  items: readonly BankImportItem[],
): Promise<string[]> {
  const organizationId = ownOrganization(actor);
  const now = ctx.clock.now();
  await checkPlan(
    ctx.db,
    organizationId,
    items.map((i) => i.question),
    now,
  );
  return ctx.db.transaction(async (tx) => {
    const ids: string[] = [];
    for (const item of items) {
      const categoryId = await ensureCategoryPath(tx, actor, organizationId, item.categoryPath, now);
      const tags = [...new Set((item.tags ?? []).map((t) => t.trim().replace(/\s+/g, ' ').toLowerCase()))]
        .filter((t) => t.length > 0 && t.length <= BANK_LIMITS.tagMax)
        .slice(0, BANK_LIMITS.tagsMax);
      ids.push(
        await insertIntoBank(
          tx,
          actor,
          organizationId,
          { question: item.question, categoryId, tags, difficulty: item.difficulty ?? 'Medium' },
          now,
          { imported: true },
        ),
      );
    }
    return ids;
  });
}

// For exporters ------------------------------------------------------------

/** One bank question an export writes: its content, category path (names from the top) and tags. */
export interface BankExportItem {
  id: string;
  question: Question;
  categoryPath: string[];
  tags: string[];
}

/**
 * Bank questions for an export: by id (in the order given; another organization's or a missing
 * id is 404 like any bank id), or by the list's filters in the list's order (a named category
 * must be the organization's: 404). More than `limit` matching is refused (400), so a file is
 * never silently cut short. `title` names the file: the category's name when there is one.
 */
export async function bankQuestionsForExport(
  ctx: QuestionBankContext,
  actor: Actor,
  selection: { ids: readonly string[] } | { filter: BankQuestionFilter },
  limit: number,
): Promise<{ items: BankExportItem[]; categoryName: string | null }> {
  const organizationId = ownOrganization(actor);
  let rows: { id: string; categoryId: string | null; tags: string[]; question: unknown }[];
  let categoryName: string | null = null;
  if ('ids' in selection) {
    const wanted = [...new Set(selection.ids)];
    const found = new Map((await findBankQuestions(ctx.db, organizationId, wanted)).map((r) => [r.id, r]));
    if (found.size !== wanted.length) throw notFound('question');
    rows = wanted.map((id) => found.get(id)!);
  } else {
    const { filter } = selection;
    if (filter.categoryId) {
      const category = await findCategory(ctx.db, organizationId, filter.categoryId);
      if (!category) throw notFound('category');
      categoryName = category.name;
    }
    const page = await listBankQuestions(ctx.db, organizationId, filter, {
      sort: 'updatedAt',
      order: 'desc',
      page: 1,
      pageSize: limit + 1,
    });
    if (page.total > limit) {
      throw badRequest('validation_error', `An export holds at most ${limit} questions`, [
        { path: ['categoryId'], message: 'questionBank.errors.exportTooMany' },
      ]);
    }
    rows = page.rows;
  }
  const categories = new Map((await listCategories(ctx.db, organizationId)).map((c) => [c.id, c]));
  const pathOf = (id: string | null): string[] => {
    const names: string[] = [];
    for (let c = id ? categories.get(id) : undefined; c && names.length <= categories.size;) {
      names.unshift(c.name);
      c = c.parentId ? categories.get(c.parentId) : undefined;
    }
    return names;
  };
  return {
    items: rows.map((row) => ({
      id: row.id,
      question: row.question as Question,
      categoryPath: pathOf(row.categoryId),
      tags: row.tags,
    })),
    categoryName,
  };
}
