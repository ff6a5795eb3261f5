/**
 * One answer as this device holds it. The revision only grows: every change gets the next one
 * and a fresh idempotency key; a retry of the same change sends the same pair again.
 */
export interface LocalAnswer {
  attemptId: string;
  questionId: string;
  /** The family's answer shape; null when cleared or never answered (only flagged). */
  answer: unknown;
  flagged: boolean;
  revision: number;
  /** The key of this revision ('' for an answer taken from the server, which needs no sending). */
  idempotencyKey: string;
  /** The highest revision the server acknowledged; below `revision` means not yet saved. */
  savedRevision: number;
  /** Device time of the change (for diagnostics and ordering only, never for the deadline). */
  changedAt: number;
}

export const isPending = (entry: LocalAnswer): boolean => entry.savedRevision < entry.revision;

/** The answer the server holds for a question (GET /attempts/:id → answers[questionId]). */
export interface ServerAnswer {
  answer: unknown;
  flagged: boolean;
  revision: number;
}

/** Where queued answers and the attempt's copy live between page loads (IndexedDB in the browser). */
export interface AnswerStore {
  /** Every answer of the attempt held on this device. */
  list(attemptId: string): Promise<LocalAnswer[]>;
  /**
   * Keeps `entry` unless the stored one has a higher revision (another tab wrote a newer change),
   * or the same revision already acknowledged further; returns what is stored afterwards.
   */
  put(entry: LocalAnswer): Promise<LocalAnswer>;
  /** Forgets the attempt's answers and copy (after it was submitted). */
  clear(attemptId: string): Promise<void>;
  /** The attempt as last loaded, so the screen can open without a network. */
  saveAttempt(attemptId: string, copy: unknown): Promise<void>;
  loadAttempt(attemptId: string): Promise<unknown>;
}

/** The rule `put` follows, shared by every store: a newer revision or a further acknowledgement wins. */
export function newerOf(stored: LocalAnswer | undefined, incoming: LocalAnswer): LocalAnswer {
  if (!stored) return incoming;
  if (incoming.revision > stored.revision) {
    return { ...incoming, savedRevision: Math.max(incoming.savedRevision, stored.savedRevision) };
  }
  if (incoming.revision === stored.revision && incoming.savedRevision > stored.savedRevision) {
    return { ...stored, savedRevision: incoming.savedRevision };
  }
  return stored;
}

/** A store in memory: for tests, and the fallback when the browser refuses IndexedDB. */
export function createMemoryAnswerStore(): AnswerStore {
  const answers = new Map<string, LocalAnswer>();
  const attempts = new Map<string, unknown>();
  const keyOf = (attemptId: string, questionId: string) => `${attemptId}\u0000${questionId}`;
  return {
    list: (attemptId) =>
      Promise.resolve([...answers.values()].filter((entry) => entry.attemptId === attemptId)),
    put(entry) {
      const key = keyOf(entry.attemptId, entry.questionId);
      const kept = newerOf(answers.get(key), entry);
      answers.set(key, kept);
      return Promise.resolve(kept);
    },
    clear(attemptId) {
      for (const [key, entry] of answers) if (entry.attemptId === attemptId) answers.delete(key);
      attempts.delete(attemptId);
      return Promise.resolve();
    },
    saveAttempt(attemptId, copy) {
      attempts.set(attemptId, copy);
      return Promise.resolve();
    },
    loadAttempt: (attemptId) => Promise.resolve(attempts.get(attemptId)),
  };
}
