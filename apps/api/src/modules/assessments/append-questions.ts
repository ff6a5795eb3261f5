import { ASSESSMENT_LIMITS, newPartId, type Question } from '@vbuilder/shared';
import { badRequest } from '../../lib/errors.ts';
import type { Actor } from '../../types.d.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { currentPlan } from '../plans/plans.service.ts';
import { findQuestionsWritableAssessment, type AssessmentsContext } from './assessments.access.ts';
import { ownOrganization } from './assessments.policy.ts';
import { updateAssessment } from './assessments.repository.ts';
import { drawRulesOf, totalMarksWith } from './bank-links.service.ts';
import { assertTypesInPlan } from './plan-checks.ts';

/** Where appended questions come from, as an error and the audit name it. */
export interface AppendSource {
  /** The request's field a "too many questions" error points at. */
  field: string;
  /** What the audit record says of them besides the assessment's title. */
  details: Record<string, unknown>;
}

/** An id for a question new to an assessment, unlike any it has. */
function freshId(taken: Set<string>): string {
  let id = newPartId();
  while (taken.has(id)) id = newPartId();
  taken.add(id);
  return id;
}

/**
 * Appends questions to a saved assessment, in one transaction: the one way the bank's "add" and an
 * import into an assessment change its questions. Each question gets an id new to the assessment
 * (the one it comes with is ignored). The assessment must be the actor's to change and not started
 * (findQuestionsWritableAssessment: 404, 409 questions_locked), the questions' types in the plan
 * (403 type_not_in_plan), and its questions with what its draw rules add no more than
 * ASSESSMENT_LIMITS.questionsMax (400 on `source.field`). Writes the questions and total marks,
 * and one `assessment.updated` audit record.
 */
export async function appendQuestions(
  ctx: AssessmentsContext,
  actor: Actor,
  assessmentId: string,
  questions: readonly Question[],
  source: AppendSource,
): Promise<void> {
  const organizationId = ownOrganization(actor);
  const now = ctx.clock.now();
  const { plan } = await currentPlan(ctx.db, organizationId, now);
  await ctx.db.transaction(async (tx) => {
    const assessment = await findQuestionsWritableAssessment(tx, actor, assessmentId);
    const current = assessment.questions as Question[];
    const taken = new Set(current.map((q) => q.id));
    const added = questions.map((q) => ({ ...q, id: freshId(taken) }));
    assertTypesInPlan(plan, added);
    const all = [...current, ...added];
    const draws = await drawRulesOf(tx, assessmentId);
    if (all.length + draws.reduce((n, d) => n + d.count, 0) > ASSESSMENT_LIMITS.questionsMax) {
      throw badRequest('validation_error', 'Too many questions', [
        { path: [source.field], message: 'assessments.errors.tooManyQuestions' },
      ]);
    }
    await updateAssessment(tx, organizationId, assessmentId, {
      questions: all,
      totalMarks: totalMarksWith(all, draws),
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
        details: { title: assessment.title, ...source.details },
      },
      now,
    );
  });
}
