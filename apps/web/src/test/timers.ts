import { act } from '@testing-library/react';
import { vi } from 'vitest';

/** Lets pending promises and zero-delay timers run (query and mutation results) under fake timers. */
export const flush = () => act(() => vi.advanceTimersByTimeAsync(0));

/** Moves fake time forward, running what falls due. */
export const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** A promise resolved or rejected from the test, to observe in-flight states. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
