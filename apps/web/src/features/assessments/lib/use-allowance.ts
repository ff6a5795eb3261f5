import { useAssessmentUsage, useMonthlyCount } from '../api/get-usage.ts';
import { usageViewOf } from './usage-view.ts';

/**
 * The organization's plan and this month's use of it: the usage call (plan, allowance, reset) and
 * the monthly call (docs/product/api.md: its length is the count). Only for people of an organization.
 */
export function useAllowance(organizationId: string | null | undefined) {
  const usage = useAssessmentUsage(undefined, Boolean(organizationId));
  const monthly = useMonthlyCount(organizationId);
  const view = usage.data ? usageViewOf(usage.data, monthly.data) : null;
  return { usage, monthly, view, limitReached: view?.limitReached ?? false };
}

export type Allowance = ReturnType<typeof useAllowance>;
