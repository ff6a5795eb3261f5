/** docs/product/states.md "Assessment timing status". */
export const TIMING_STATUSES = ['upcoming', 'ongoing', 'past', 'notSet'] as const;
export type TimingStatus = (typeof TIMING_STATUSES)[number];

export interface AssessmentWindow {
  /** ISO instants or Dates; null when not set. */
  startsAt: string | Date | null;
  endsAt: string | Date | null;
}

/**
 * The rule, in one place for the API and the web (docs/product/states.md):
 * - Not set: neither a start nor an end is set;
 * - Upcoming: a start is set and `now` is before it;
 * - Past: an end is set and `now` is at or after it;
 * - Ongoing: otherwise (started, or no start; and not ended, or no end).
 * The window is half-open [startsAt, endsAt): at the end instant it is over.
 */
export function timingStatus(window: AssessmentWindow, now: Date = new Date()): TimingStatus {
  const start = window.startsAt ? new Date(window.startsAt).getTime() : null;
  const end = window.endsAt ? new Date(window.endsAt).getTime() : null;
  if (start === null && end === null) return 'notSet';
  const t = now.getTime();
  if (start !== null && t < start) return 'upcoming';
  if (end !== null && t >= end) return 'past';
  return 'ongoing';
}
