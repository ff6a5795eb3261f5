import { describe, expect, it } from 'vitest';
import type { AssessmentUsage } from '@vbuilder/shared';
import { usageViewOf } from './usage-view.ts';

const usage = (
  monthlyAssessments: number | null,
  usedThisMonth: number,
  limitReached = false,
): AssessmentUsage => ({
  plan: { name: 'Free', productName: 'Vbuilder Free', monthlyAssessments, allowedTypes: ['multiple-choice'] },
  status: 'free',
  usedThisMonth,
  remaining: monthlyAssessments === null ? null : Math.max(0, monthlyAssessments - usedThisMonth),
  limitReached,
  resetsAt: '2026-12-01T00:00:00.000Z',
});

describe('usageViewOf', () => {
  it('counts with the monthly call when it answered', () => {
    expect(usageViewOf(usage(5, 1), 3)).toMatchObject({
      used: 3,
      limit: 5,
      remaining: 2,
      limitReached: false,
      percent: 60,
    });
  });

  it('falls back to the usage count without the monthly one', () => {
    expect(usageViewOf(usage(5, 4), undefined)).toMatchObject({ used: 4, remaining: 1, percent: 80 });
  });

  it('is at the limit at or above the allowance, or when the server says so', () => {
    expect(usageViewOf(usage(5, 5), 5)).toMatchObject({ remaining: 0, limitReached: true, percent: 100 });
    expect(usageViewOf(usage(5, 7), 7)).toMatchObject({ remaining: 0, limitReached: true, percent: 100 });
    expect(usageViewOf(usage(5, 5, true), 0).limitReached).toBe(true);
  });

  it('is never at the limit when unlimited', () => {
    expect(usageViewOf(usage(null, 900), 900)).toMatchObject({
      limit: null,
      remaining: null,
      limitReached: false,
      percent: 0,
    });
  });
});
