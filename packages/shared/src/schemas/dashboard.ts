import { z } from 'zod';
import { PackageNameSchema, SubscriptionStatus } from './billing.ts';

const CountSchema = z.number().int().nonnegative();

/**
 * GET /api/dashboard/summary: the analytics overview of the home dashboard (docs/product/screens.md).
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

// ---------------------------------------------------------------------------------------------
// The cards of the dashboard per role. Each card has one route under /api/dashboard,
// scoped like the rest of the API: staff read their organization, a Student what is assigned to
// them, the Super Administrator the platform. Dates are ISO instants; percentages 0–100.

const PercentSchema = z.number().min(0).max(100);

/** `?timeZone=` of the cards that count per day: the reader's IANA zone (unknown ones read as UTC). */
export const DashboardTimeZoneQuerySchema = z.object({ timeZone: z.string().max(64).optional() });

/** An assessment on the schedule card: its window and, for a Student, whether an attempt is under way. */
export const ScheduleItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  subject: z.string(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  durationMinutes: z.number().int().nullable(),
  /** A Student's attempt in progress (continue it); always null for staff. */
  inProgressAttemptId: z.string().nullable(),
});
export type ScheduleItem = z.infer<typeof ScheduleItemSchema>;

const ScheduleListSchema = z.object({ total: CountSchema, items: z.array(ScheduleItemSchema) });

/**
 * GET /api/dashboard/schedule. Staff: the organization's published assessments open now (window
 * ongoing or no window; closing soonest first) and upcoming (opening soonest first). A Student: the
 * assigned ones to take now (open, and not yet submitted or retakes allowed) and next (upcoming).
 * `items` holds the first few, `total` counts them all.
 */
export const DashboardScheduleSchema = z.object({
  openNow: ScheduleListSchema,
  upcoming: ScheduleListSchema,
});
export type DashboardSchedule = z.infer<typeof DashboardScheduleSchema>;

/**
 * GET /api/dashboard/submissions-week (staff): submitted attempts of the organization on each of
 * the last 7 days in the reader's time zone, oldest day first, today last.
 */
export const DashboardSubmissionsWeekSchema = z.object({
  total: CountSchema,
  days: z.array(z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), count: CountSchema })).length(7),
});
export type DashboardSubmissionsWeek = z.infer<typeof DashboardSubmissionsWeekSchema>;

/**
 * GET /api/dashboard/recent-results (staff): the organization's assessments with the latest
 * submissions (newest first, a few), each with the figures the Submissions screen shows: pass rate
 * = passed ÷ submitted attempts, average percentage over them, answers still waiting to be marked.
 */
export const DashboardRecentResultsSchema = z.object({
  items: z.array(
    z.object({
      assessmentId: z.string(),
      title: z.string(),
      submitted: CountSchema,
      passed: CountSchema,
      passRate: PercentSchema,
      averagePercentage: PercentSchema.nullable(),
      pendingMarking: CountSchema,
      lastSubmittedAt: z.string(),
    }),
  ),
});
export type DashboardRecentResults = z.infer<typeof DashboardRecentResultsSchema>;

/**
 * GET /api/dashboard/marking-queue (staff): submissions whose open answers wait for a teacher,
 * oldest submission first (a few), and how many answers and submissions wait in all.
 */
export const DashboardMarkingQueueSchema = z.object({
  answersWaiting: CountSchema,
  submissionsWaiting: CountSchema,
  items: z.array(
    z.object({
      attemptId: z.string(),
      assessmentId: z.string(),
      assessmentTitle: z.string(),
      studentId: z.string(),
      studentName: z.string(),
      submittedAt: z.string(),
      answersWaiting: CountSchema,
    }),
  ),
});
export type DashboardMarkingQueue = z.infer<typeof DashboardMarkingQueueSchema>;

/**
 * GET /api/dashboard/my-results (a Student): their latest submitted attempts (newest first, a few)
 * at assessments they can still open; `passed` is null while a teacher has not marked it.
 */
export const DashboardMyResultsSchema = z.object({
  items: z.array(
    z.object({
      attemptId: z.string(),
      assessmentId: z.string(),
      title: z.string(),
      number: z.number().int().positive(),
      submittedAt: z.string(),
      percentage: PercentSchema,
      passMark: PercentSchema,
      passed: z.boolean().nullable(),
      pending: z.boolean(),
    }),
  ),
});
export type DashboardMyResults = z.infer<typeof DashboardMyResultsSchema>;

/** GET /api/dashboard/my-certificates (a Student): valid certificates held, the latest few. */
export const DashboardMyCertificatesSchema = z.object({
  total: CountSchema,
  items: z.array(
    z.object({
      id: z.string(),
      assessmentTitle: z.string(),
      issuedAt: z.string(),
      percentage: PercentSchema.nullable(),
    }),
  ),
});
export type DashboardMyCertificates = z.infer<typeof DashboardMyCertificatesSchema>;

/**
 * GET /api/dashboard/organizations (Super Administrator): organizations by the plan in force and
 * by subscription state (as the Subscription screen reads them). Every plan and state is listed,
 * zero included, in catalog order.
 */
export const DashboardOrganizationsSchema = z.object({
  total: CountSchema,
  byPlan: z.array(z.object({ plan: PackageNameSchema, count: CountSchema })),
  byStatus: z.array(z.object({ status: SubscriptionStatus, count: CountSchema })),
});
export type DashboardOrganizations = z.infer<typeof DashboardOrganizationsSchema>;

/**
 * GET /api/dashboard/payments-month (Super Administrator): payments activated this calendar month
 * (UTC, as allowances count), their totals (amount plus tax) per currency, the count per plan, and
 * the requests still waiting for payment.
 */
export const DashboardPaymentsMonthSchema = z.object({
  monthStart: z.string(),
  activated: CountSchema,
  pending: CountSchema,
  totals: z.array(z.object({ currency: z.string(), amountMinor: z.number().int().nonnegative() })),
  byPlan: z.array(z.object({ plan: PackageNameSchema, count: CountSchema })),
});
export type DashboardPaymentsMonth = z.infer<typeof DashboardPaymentsMonthSchema>;
