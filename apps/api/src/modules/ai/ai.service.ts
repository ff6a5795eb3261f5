import { isTypeAllowed, type AiGenerateResponse, type QuestionTypeId } from '@vbuilder/shared';
import type { Db } from '../../db/client.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import type { Actor } from '../../types.d.ts';
import { currentPlan } from '../plans/plans.service.ts';
import type { LanguageModel } from './ai-model.ts';
import { buildPrompt, type AiGenerateInput } from './ai-prompt.ts';
import { AI_RESPONSE_MESSAGES, parseAiResponse } from './ai-response.ts';

export interface AiContext {
  db: Db;
  model: LanguageModel;
}

/**
 * Refuses (403 type_not_in_plan, the types named) a request for question types the
 * organization's plan does not include: the generation and the assistant ask the same way.
 */
export async function assertTypesInPlan(
  db: Db,
  organizationId: string,
  types: ReadonlyArray<{ type: QuestionTypeId }>,
  now?: Date,
): Promise<void> {
  const { plan } = await currentPlan(db, organizationId, now);
  const refused = types.filter((t) => !isTypeAllowed(plan, t.type)).map((t) => t.type);
  if (refused.length > 0) {
    throw new AppError(
      403,
      'type_not_in_plan',
      `The ${plan.name} plan does not include: ${refused.join(', ')}`,
      {
        types: refused,
      },
    );
  }
}

/**
 * Generates questions for the teacher to review (docs/product/validation.md): only types of the organization's plan,
 * the model's answer checked as docs/product/validation.md 'AI response' says. Nothing is saved; ids are fresh.
 */
export async function generateQuestions(
  ctx: AiContext,
  actor: Actor,
  input: AiGenerateInput,
): Promise<AiGenerateResponse> {
  if (!actor.organizationId) throw forbidden('Your account does not belong to an organization yet');
  await assertTypesInPlan(ctx.db, actor.organizationId, input.types);

  const counts = new Map<QuestionTypeId, number>();
  for (const { type, count } of input.types) {
    if (count > 0) counts.set(type, (counts.get(type) ?? 0) + count);
  }
  const content = await ctx.model.complete(buildPrompt(input));
  const outcome = parseAiResponse(content, { counts });
  if (outcome.ok) return outcome.result;
  const status = outcome.code === 'ai_no_questions' ? 422 : 502;
  const details = outcome.rejected ? { rejected: outcome.rejected } : undefined;
  throw new AppError(status, outcome.code, AI_RESPONSE_MESSAGES[outcome.code], details);
}
