import type { StudentStatusEntry } from '@vbuilder/shared';

/** A student of the assessment as the give dialog lists them. */
export interface Candidate {
  id: string;
  name: string;
  email: string;
  bestPercentage: number | null;
  /** The best submitted attempt reaches the pass mark. */
  passed: boolean;
  /** Already holds a live (valid) certificate for the assessment. */
  holds: boolean;
}

/**
 * The assigned students, those who passed first (by name), each marked with whether they already
 * hold a certificate. Passing is the best percentage at or above the pass mark, as results show it;
 * the server checks it again when the certificates are given.
 */
export function candidatesOf(
  students: readonly StudentStatusEntry[],
  passMark: number,
  holders: ReadonlySet<string>,
): Candidate[] {
  return students
    .map((entry) => ({
      id: entry.student.id,
      name: entry.student.name,
      email: entry.student.email,
      bestPercentage: entry.bestPercentage,
      passed:
        entry.status === 'Submitted' && entry.bestPercentage !== null && entry.bestPercentage >= passMark,
      holds: holders.has(entry.student.id),
    }))
    .sort((a, b) => Number(b.passed) - Number(a.passed) || a.name.localeCompare(b.name));
}
