import { z } from 'zod';

// What the student's attempt shares with the assessment (attempts.ts), in a module of its own:
// imported from assessments.ts it built every authoring schema there, with the draw rules and the
// question schemas, on the student's attempt screen (the screen's first load).

/** When students may see the expected answers of a submitted attempt. */
export const REVIEW_POLICIES = ['never', 'afterSubmission', 'afterWindow'] as const;
export type ReviewPolicy = (typeof REVIEW_POLICIES)[number];

/** A file the teacher attached to the assessment (a reading, a data sheet) for students to download. */
export const AssessmentResourceSchema = z.object({
  id: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** Site-relative download address, e.g. /api/assessments/{id}/resources/{resourceId}. */
  url: z.string(),
  createdAt: z.string(),
});
export type AssessmentResource = z.infer<typeof AssessmentResourceSchema>;
