import { isTypeAllowed, type Plan, type Question } from '@vbuilder/shared';
import { AppError } from '../../lib/errors.ts';

/** Refuses questions whose types the organization's plan does not include (checked on every save). */
export function assertTypesInPlan(plan: Plan, questions: readonly Pick<Question, 'type'>[]): void {
  const refused = [...new Set(questions.map((q) => q.type).filter((type) => !isTypeAllowed(plan, type)))];
  if (refused.length) {
    throw new AppError(
      403,
      'type_not_in_plan',
      `The ${plan.name} plan does not include these question types: ${refused.join(', ')}`,
      { plan: plan.name, types: refused },
    );
  }
}
