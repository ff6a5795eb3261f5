import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { AttemptDeadlineSchema } from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';

/**
 * The attempt's deadline as the server last said it: a teacher may give extra time (or
 * take it back) while the student works, and the timer follows without a reload. Three sources,
 * the latest received wins (a removal may shorten it, so not the largest):
 * - every autosave's acknowledgement carries it (the student who is working hears within a save);
 * - every load of the attempt (the screen's own refresh, reconnects);
 * - a light refresh (GET /attempts/:id/deadline, one small read) when no save has answered for
 *   IDLE_REFRESH_MS, so a student who is reading or thinking sees it within about that long too;
 *   in the last NEAR_END_MS the refresh comes every NEAR_END_REFRESH_MS, and once more at zero
 *   before the screen hands in by itself (extra time given in the last seconds is not lost).
 * The light refresh costs one indexed read of one row; the working students, who save anyway,
 * never send it.
 */
export const IDLE_REFRESH_MS = 15_000;
export const NEAR_END_MS = 2 * 60_000;
export const NEAR_END_REFRESH_MS = 5_000;

interface Known {
  deadlineAt: string | null;
  /** When this was heard (device time): an acknowledgement resets the idle refresh. */
  at: number;
}

const known = new Map<string, Known>();
const listeners = new Map<string, Set<() => void>>();

/** Records the deadline the server just gave for this attempt (undefined: it said nothing). */
export function noteDeadline(attemptId: string, deadlineAt: string | null | undefined): void {
  if (deadlineAt === undefined) return;
  const previous = known.get(attemptId);
  known.set(attemptId, { deadlineAt, at: Date.now() });
  if (previous?.deadlineAt !== deadlineAt) listeners.get(attemptId)?.forEach((notify) => notify());
}

function subscribe(attemptId: string, notify: () => void) {
  const set = listeners.get(attemptId) ?? new Set();
  set.add(notify);
  listeners.set(attemptId, set);
  return () => set.delete(notify);
}

async function refresh(attemptId: string): Promise<void> {
  const now = await api.get(`/attempts/${encodeURIComponent(attemptId)}/deadline`, AttemptDeadlineSchema);
  noteDeadline(attemptId, now.deadlineAt);
}

/**
 * The deadline to count down to, and `confirmOver()`: asks the server once more whether the time
 * is really up (false when it moved meanwhile; true too when the server cannot be reached, so an
 * offline student is handed in as before).
 */
export function useLiveDeadline(
  attemptId: string,
  loadedDeadlineAt: string | null,
  options: { inProgress: boolean; remainingMs: (deadlineAt: string | null) => number | null },
) {
  // A load of the attempt is news too (the screen re-reads it every minute and on reconnect).
  const lastLoaded = useRef<string | null | undefined>(undefined);
  if (lastLoaded.current !== loadedDeadlineAt) {
    lastLoaded.current = loadedDeadlineAt;
    noteDeadline(attemptId, loadedDeadlineAt);
  }
  const deadlineAt = useSyncExternalStore(
    useCallback((notify) => subscribe(attemptId, notify), [attemptId]),
    () => known.get(attemptId)?.deadlineAt ?? loadedDeadlineAt,
  );

  const { inProgress, remainingMs } = options;
  const remainingRef = useRef(remainingMs);
  remainingRef.current = remainingMs;
  useEffect(() => {
    if (!inProgress || !deadlineAt) return;
    const timer = setInterval(() => {
      const heard = known.get(attemptId)?.at ?? 0;
      const left = remainingRef.current(known.get(attemptId)?.deadlineAt ?? null);
      const nearEnd = left !== null && left > 0 && left <= NEAR_END_MS;
      const due = Date.now() - heard >= (nearEnd ? NEAR_END_REFRESH_MS : IDLE_REFRESH_MS);
      if (due) void refresh(attemptId).catch(() => undefined);
    }, 1000);
    return () => clearInterval(timer);
  }, [attemptId, inProgress, deadlineAt]);

  const confirmOver = useCallback(async (): Promise<boolean> => {
    try {
      await refresh(attemptId);
    } catch {
      return true;
    }
    const left = remainingRef.current(known.get(attemptId)?.deadlineAt ?? null);
    return left === null ? false : left <= 0;
  }, [attemptId]);

  return { deadlineAt, confirmOver };
}
