/**
 * Time left in an attempt, from the server's clock: the deadline minus (device time + the offset
 * measured against the server), never below zero; null without a deadline.
 */
export function remainingMs(
  deadlineAt: string | null,
  clockOffsetMs: number,
  deviceNow: number,
): number | null {
  if (!deadlineAt) return null;
  const deadline = Date.parse(deadlineAt);
  if (Number.isNaN(deadline)) return null;
  return Math.max(0, deadline - (deviceNow + clockOffsetMs));
}

/** When the student is warned (at 5 and at 1 minute left). */
export const WARNING_MINUTES = [5, 1] as const;

/** The warning due at this much time left: the smallest threshold reached, or null. */
export function warningAt(remaining: number | null): (typeof WARNING_MINUTES)[number] | null {
  if (remaining === null || remaining <= 0) return null;
  let due: (typeof WARNING_MINUTES)[number] | null = null;
  for (const minutes of WARNING_MINUTES) if (remaining <= minutes * 60_000) due = minutes;
  return due;
}

/**
 * What the screen around the timer changes with: 'up' at zero, else the warning due (or null).
 * Changes a few times per attempt, where the time left changes every second.
 */
export function timePhase(remaining: number | null): 'up' | (typeof WARNING_MINUTES)[number] | null {
  return remaining === 0 ? 'up' : warningAt(remaining);
}

/** Without a time limit, a countdown is shown in the closing hour only. */
export const COUNTDOWN_WITHOUT_LIMIT_MS = 60 * 60_000;

/** Whether the time left is shown as a countdown (or else as the closing time). */
export function showsCountdown(remaining: number, timeLimited: boolean): boolean {
  return timeLimited || remaining <= COUNTDOWN_WITHOUT_LIMIT_MS;
}

/** h:mm:ss or m:ss, for the countdown. */
export function formatCountdown(ms: number): string {
  const totalSeconds = Math.ceil(ms / 1000);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
}
