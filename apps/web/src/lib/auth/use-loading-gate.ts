import { startTransition, useEffect, useRef, useState } from 'react';
import { AUTH_TIMINGS } from './constants.ts';

type Phase = 'idle' | 'waiting' | 'visible' | 'holding';

export interface LoadingGate {
  /** Still loading, or holding the spinner for its minimum time: render neither content nor redirect. */
  busy: boolean;
  /** Whether to show the spinner now. */
  showSpinner: boolean;
}

/**
 * The gate delays of docs/product/screens.md (100 ms and 200 ms): no spinner for the first 100 ms, so a quick
 * session never flashes one; once shown, it stays at least 200 ms, so it never blinks. What
 * comes next (content or the redirect to /login) waits until loading is over.
 */
export function useLoadingGate(
  loading: boolean,
  delayMs: number = AUTH_TIMINGS.gateSpinnerDelayMs,
  minVisibleMs: number = AUTH_TIMINGS.gateSpinnerMinMs,
): LoadingGate {
  const [phase, setPhase] = useState<Phase>(loading ? 'waiting' : 'idle');
  const shownAt = useRef(0);

  useEffect(() => {
    if (loading) {
      if (phase === 'idle') setPhase('waiting');
      if (phase === 'holding') setPhase('visible');
      if (phase !== 'waiting') return;
      const timer = setTimeout(() => {
        shownAt.current = Date.now();
        setPhase('visible');
      }, delayMs);
      return () => clearTimeout(timer);
    }
    // Leaving the gate renders what it held back, on a signed-in screen the whole shell: as a
    // transition React builds it in small slices, and the page keeps answering meanwhile
    // (from a timer it was one 170-ms task at 4x CPU on the attempt screen's reload).
    if (phase === 'waiting') startTransition(() => setPhase('idle'));
    if (phase === 'visible') setPhase('holding');
    if (phase !== 'holding') return;
    const remaining = Math.max(0, shownAt.current + minVisibleMs - Date.now());
    const timer = setTimeout(() => startTransition(() => setPhase('idle')), remaining);
    return () => clearTimeout(timer);
  }, [loading, phase, delayMs, minVisibleMs]);

  return {
    busy: loading || phase === 'holding' || phase === 'visible',
    showSpinner: phase === 'visible' || phase === 'holding',
  };
}
