import { useEffect, useRef, useState } from 'react';
import { remainingMs } from '../lib/clock.ts';

/**
 * Milliseconds left until the deadline by the server's clock, read every second; null without one.
 * `select` narrows it to what the caller shows (a primitive): the caller re-renders only when that
 * changes. The attempt screen selects the time phase (warnings, time up), so only the timer itself
 * re-renders every second — not every question on the page.
 */
export function useRemainingTime(deadlineAt: string | null, clockOffsetMs: number): number | null;
export function useRemainingTime<T>(
  deadlineAt: string | null,
  clockOffsetMs: number,
  select: (remaining: number | null) => T,
): T;
export function useRemainingTime<T>(
  deadlineAt: string | null,
  clockOffsetMs: number,
  select: (remaining: number | null) => T = (remaining) => remaining as T,
): T {
  const selectRef = useRef(select);
  selectRef.current = select;
  const read = () => selectRef.current(remainingMs(deadlineAt, clockOffsetMs, Date.now()));
  const [value, setValue] = useState(read);
  useEffect(() => {
    const update = () => setValue(selectRef.current(remainingMs(deadlineAt, clockOffsetMs, Date.now())));
    // The deadline moved (extra time) or the clock was corrected: at once, not at the next tick.
    update();
    if (!deadlineAt) return;
    const timer = setInterval(update, 1000);
    return () => clearInterval(timer);
  }, [deadlineAt, clockOffsetMs]);
  return value;
}
