import type { AssessmentUsage, PackageName } from '@vbuilder/shared';

export interface UsageView {
  packageName: PackageName;
  status: AssessmentUsage['status'];
  /** Assessments created this month. */
  used: number;
  /** The month's allowance; null when unlimited. */
  limit: number | null;
  /** Left this month; null when unlimited. */
  remaining: number | null;
  limitReached: boolean;
  /** How full the allowance is, 0–100 (0 when unlimited). */
  percent: number;
}

/**
 * The usage card's figures. The count is the monthly call's (docs/product/api.md, a 400 counting as 0) when it
 * answered, otherwise the usage call's; the limit is reached when either the server says so or the
 * count is at or above the allowance (docs/product/states.md), so the create button never offers what the API refuses.
 */
export function usageViewOf(usage: AssessmentUsage, monthlyCount: number | undefined): UsageView {
  const used = monthlyCount ?? usage.usedThisMonth;
  const limit = usage.plan.monthlyAssessments;
  const remaining = limit === null ? null : Math.max(0, limit - used);
  const limitReached = usage.limitReached || (limit !== null && used >= limit);
  const percent =
    limit === null || limit === 0 ? (limit === 0 ? 100 : 0) : Math.min(100, (used / limit) * 100);
  return {
    packageName: usage.plan.name,
    status: usage.status,
    used,
    limit,
    remaining,
    limitReached,
    percent,
  };
}
