import { describe, expect, it } from 'vitest';
import {
  isMonthlyLimitReached,
  isTypeAllowed,
  PLANS,
  planNamed,
  remainingThisMonth,
  typesOfPlan,
} from './plans.ts';
import { QUESTION_TYPES } from './questions/types.ts';

describe('plans', () => {
  it('docs/product/limits.md allowances and type counts', () => {
    expect(typesOfPlan(PLANS.Free)).toHaveLength(5);
    expect(typesOfPlan(PLANS.Basic)).toHaveLength(5);
    expect(typesOfPlan(PLANS.Professional)).toHaveLength(10);
    expect(typesOfPlan(PLANS.Enterprise)).toHaveLength(QUESTION_TYPES.length);
    expect(PLANS.Basic.monthlyAssessments).toBe(50);
    expect(PLANS.Professional.monthlyAssessments).toBe(500);
    expect(PLANS.Enterprise.monthlyAssessments).toBeNull();
  });
  it('names plans the ways payment records spell them', () => {
    expect(planNamed('Vbuilder Professional')?.name).toBe('Professional');
    expect(planNamed('enterprise')?.name).toBe('Enterprise');
    expect(planNamed('Gold')).toBeNull();
    expect(planNamed(null)).toBeNull();
  });
  it('the limit is reached at the allowance, never when unlimited', () => {
    expect(isMonthlyLimitReached(PLANS.Free, 4)).toBe(false);
    expect(isMonthlyLimitReached(PLANS.Free, 5)).toBe(true);
    expect(isMonthlyLimitReached(PLANS.Enterprise, 1e6)).toBe(false);
    expect(remainingThisMonth(PLANS.Free, 7)).toBe(0);
    expect(remainingThisMonth(PLANS.Enterprise, 7)).toBeNull();
  });
  it('types follow the tier', () => {
    expect(isTypeAllowed(PLANS.Basic, 'essay')).toBe(false);
    expect(isTypeAllowed(PLANS.Professional, 'essay')).toBe(true);
    expect(isTypeAllowed(PLANS.Professional, 'coding')).toBe(false);
  });
});
