import { randomUUID } from 'node:crypto';
import type {
  BankAuthorList,
  BankQuestion,
  BankQuestionLinks,
  BankQuestionList,
  BankQuestionListParams,
  BankQuestionValues,
  BankTagList,
  Question,
} from '@vbuilder/shared';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../types.d.ts';
import { assertTypesInPlan } from '../assessments/assessments.service.ts';
import { ownOrganization } from '../assessments/assessments.policy.ts';
import { updateAssessment } from '../assessments/assessments.repository.ts';
import { asAssessmentQuestion, drawRulesOf, totalMarksWith } from '../assessments/bank-links.service.ts';
import { currentPlan } from '../plans/plans.service.ts';
import { audit, type QuestionBankContext } from './bank-common.ts';
import { toBankQuestion } from './question-bank.mapper.ts';
import {
  assessmentsLinkedTo,
  deleteBankQuestion,
  findBankQuestion,
  findCategory,
  insertBankQuestions,
  listAuthors,
  listBankQuestions,
  listLinkedAssessments,
  listTags,
  updateBankQuestion,
} from './question-bank.repository.ts';

/**
 * The bank's questions: their list and filters, and their writes. A change to a bank question
 * reaches the assessments that use it by reference in the same transaction.
 */

export async function questionView(db: DbOrTx, organizationId: string, id: string): Promise<BankQuestion> {
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
export async function assertCategory(
  db: DbOrTx,
  organizationId: string,
  categoryId: string | null,
): Promise<void> {
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

export async function checkPlan(
  db: DbOrTx,
  organizationId: string,
  questions: readonly Question[],
  now: Date,
) {
  const { plan } = await currentPlan(db, organizationId, now);
  assertTypesInPlan(plan, questions);
}

export async function insertIntoBank(
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
