import { z } from 'zod';

/** Bounds of an accommodation: generous for exam boards' usual 25–100 %, not unlimited. */
export const ACCOMMODATION_LIMITS = { extraMinutesMax: 1440, extraPercentMax: 300 } as const;

const Instant = z.iso.datetime({ offset: true, message: 'submissions.errors.accommodationDateInvalid' });

/**
 * PUT /api/assessments/:id/accommodations/:studentId: a student's extra time (minutes or a
 * percentage of the duration, not both) and/or a window of their own (replacing the assessment's
 * start and end for them). Something must be given; DELETE removes it.
 */
export const AccommodationInputSchema = z
  .object({
    extraMinutes: z
      .number('submissions.errors.accommodationExtraInvalid')
      .int('submissions.errors.accommodationExtraInvalid')
      .min(1, 'submissions.errors.accommodationExtraInvalid')
      .max(ACCOMMODATION_LIMITS.extraMinutesMax, 'submissions.errors.accommodationExtraInvalid')
      .nullable()
      .default(null),
    extraPercent: z
      .number('submissions.errors.accommodationExtraInvalid')
      .int('submissions.errors.accommodationExtraInvalid')
      .min(1, 'submissions.errors.accommodationExtraInvalid')
      .max(ACCOMMODATION_LIMITS.extraPercentMax, 'submissions.errors.accommodationExtraInvalid')
      .nullable()
      .default(null),
    startsAt: Instant.nullable().default(null),
    endsAt: Instant.nullable().default(null),
  })
  .superRefine((a, ctx) => {
    if (a.extraMinutes !== null && a.extraPercent !== null) {
      ctx.addIssue({
        code: 'custom',
        path: ['extraPercent'],
        message: 'submissions.errors.accommodationOneKind',
      });
    }
    if (a.startsAt && a.endsAt && new Date(a.endsAt) <= new Date(a.startsAt)) {
      ctx.addIssue({
        code: 'custom',
        path: ['endsAt'],
        message: 'submissions.errors.accommodationEndBeforeStart',
      });
    }
    if (a.extraMinutes === null && a.extraPercent === null && !a.startsAt && !a.endsAt) {
      ctx.addIssue({
        code: 'custom',
        path: ['extraMinutes'],
        message: 'submissions.errors.accommodationEmpty',
      });
    }
  });
export type AccommodationInput = z.input<typeof AccommodationInputSchema>;
export type AccommodationValues = z.output<typeof AccommodationInputSchema>;

/** One student's accommodation, as staff see it. */
export const AccommodationSchema = z.object({
  assessmentId: z.string(),
  studentId: z.string(),
  studentName: z.string(),
  extraMinutes: z.number().int().nullable(),
  extraPercent: z.number().int().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  /** The deadline of the student's attempt in progress, as moved by this accommodation; null: none running. */
  runningDeadlineAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type Accommodation = z.infer<typeof AccommodationSchema>;

/** GET /api/assessments/:id/accommodations */
export const AccommodationListSchema = z.object({ data: z.array(AccommodationSchema) });
export type AccommodationList = z.infer<typeof AccommodationListSchema>;

/** POST /api/assessments/:id/release: release the results of these students (none: of everyone who submitted). */
export const ReleaseResultsSchema = z.object({
  studentIds: z.array(z.uuid()).max(5000).optional(),
});
export type ReleaseResultsInput = z.infer<typeof ReleaseResultsSchema>;
export const ReleaseResultsResponseSchema = z.object({ released: z.number().int() });

/** The extra time of an accommodation in minutes, for an assessment of this duration (null: none). */
export function extraMinutesOf(
  accommodation: { extraMinutes: number | null; extraPercent: number | null },
  baseMinutes: number | null,
): number {
  if (accommodation.extraMinutes) return accommodation.extraMinutes;
  if (accommodation.extraPercent && baseMinutes) return (baseMinutes * accommodation.extraPercent) / 100;
  return 0;
}

/**
 * GET /api/assessments/:id/release: the assessment's release policy and, per student, how many of
 * their submitted attempts students cannot see yet (only students with some are listed).
 */
export const ReleaseStatusSchema = z.object({
  releasePolicy: z.enum(['immediate', 'afterWindow', 'manual']),
  /** Under 'afterWindow': when results show by themselves. */
  releasesAt: z.string().nullable(),
  unreleased: z.array(z.object({ studentId: z.string(), attempts: z.number().int() })),
});
export type ReleaseStatus = z.infer<typeof ReleaseStatusSchema>;

/**
 * Whether a student may see a submitted attempt's result now: at once ('immediate');
 * after the window ('afterWindow': an assessment without an end has nothing to wait for); or once
 * a teacher released it ('manual'), which also releases early under 'afterWindow'.
 */
export function isResultReleased(
  releasedAt: Date | string | null,
  assessment: { releasePolicy?: string | null; endsAt: Date | string | null },
  now: Date,
): boolean {
  if (releasedAt) return true;
  if (assessment.releasePolicy === 'afterWindow')
    return assessment.endsAt === null || now.getTime() >= new Date(assessment.endsAt).getTime();
  return assessment.releasePolicy !== 'manual';
}
