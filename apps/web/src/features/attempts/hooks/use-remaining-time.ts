import { useEffect, useState } from 'react';
import { remainingMs } from '../lib/clock.ts';

/** Milliseconds left until the deadline by the server's clock, updated every second; null without one. */
export function useRemainingTime(deadlineAt: string | null, clockOffsetMs: number): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!deadlineAt) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [deadlineAt]);
  return remainingMs(deadlineAt, clockOffsetMs, now);
}
