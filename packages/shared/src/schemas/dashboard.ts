import { z } from 'zod';

const CountSchema = z.number().int().nonnegative();

/**
 * GET /api/dashboard/summary: the analytics overview of the home dashboard (SPEC §2).
 * 'organization' scope counts the caller's organization; 'platform' (Super Administrator)
 * counts every organization. Only figures that exist in the product so far are reported.
 */
export const DashboardSummarySchema = z.object({
  scope: z.enum(['organization', 'platform']),
  /** The organization counted; null for the platform scope or a user without an organization. */
  organizationId: z.string().nullable(),
  users: z.object({
    total: CountSchema,
    students: CountSchema,
    teachers: CountSchema,
    /** Administrators, including the legacy 'user' role that acts as one. */
    administrators: CountSchema,
  }),
  /** Number of organizations on the platform; only in the platform scope. */
  organizations: CountSchema.nullable(),
  /**
   * Assessment counts (not deleted). Staff: their organization's, `assigned` equal to `total`.
   * A Student: the published ones assigned to them (`assigned` = `total`), split by generation
   * type. Null in the platform scope.
   */
  assessments: z
    .object({
      total: CountSchema,
      /** Written by hand ('manual') and generated with AI ('ai'). */
      manual: CountSchema,
      ai: CountSchema,
      assigned: CountSchema,
    })
    .nullable(),
});
export type DashboardSummary = z.infer<typeof DashboardSummarySchema>;
