// Its own module, not submissions.ts: the attempt's result schema needs this list, and importing it
// from submissions.ts built every staff schema of that module on the student's attempt screen
// (the screen's first load on a slow phone).

/**
 * A submission's status as docs/product/data.md names it: 'Pending' while an open answer waits for a teacher,
 * 'Submitted' once every answer has a mark (automatic or by a teacher).
 */
export const SUBMISSION_STATUSES = ['Submitted', 'Pending'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];
