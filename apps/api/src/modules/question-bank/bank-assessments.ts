import {
  typesOfPlan,
  type Assessment,
  type BankQuestion,
  type DrawPool,
  type Question,
} from '@vbuilder/shared';
import type { z } from 'zod';
import type { AddToAssessmentSchema, DrawPoolQuerySchema, SaveFromAssessmentSchema } from '@vbuilder/shared';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../types.d.ts';
import { appendQuestions, getAssessment } from '../assessments/assessments.service.ts';
import { ownOrganization } from '../assessments/assessments.policy.ts';
import {
  findQuestionsWritableAssessment,
  findWritableAssessment,
} from '../assessments/assessments.access.ts';
import { updateAssessment } from '../assessments/assessments.repository.ts';
import { asAssessmentQuestion } from '../assessments/bank-links.service.ts';
import { currentPlan } from '../plans/plans.service.ts';
import type { QuestionBankContext } from './bank-common.ts';
import { assertCategory, insertIntoBank, questionView } from './bank-questions.ts';
import { countDrawPool, findBankQuestions } from './question-bank.repository.ts';

/**
 * Between the bank and assessments: a question of an assessment saved into the bank, bank
 * questions added to an assessment (through the assessments module's appendQuestions), and the
 * size of a draw rule's pool.
 */

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
 * assessment by reference or by copy; appendQuestions checks the plan's types and the
 * assessment's size, and writes it and its audit.
 */
export async function addToAssessment(
  ctx: QuestionBankContext,
  actor: Actor,
  assessmentId: string,
  input: z.output<typeof AddToAssessmentSchema>,
): Promise<Assessment> {
  const organizationId = ownOrganization(actor);
  await findQuestionsWritableAssessment(ctx.db, actor, assessmentId);
  const wanted = [...new Set(input.questionIds)];
  const found = new Map((await findBankQuestions(ctx.db, organizationId, wanted)).map((r) => [r.id, r]));
  if (found.size !== wanted.length) throw notFound('question');
  // Each one under the id appendQuestions gives it; by reference, it keeps its link to the bank.
  const added = wanted.map((id) => asAssessmentQuestion(found.get(id)!, id, input.mode));
  await appendQuestions(ctx, actor, assessmentId, added, {
    field: 'questionIds',
    details: { fromBank: wanted, mode: input.mode },
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
