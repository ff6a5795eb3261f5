import { useCallback, useRef, useState } from 'react';
import type { AttemptResult } from '@vbuilder/shared';
import { codeOf, errorCodeOf } from '../../../lib/api-errors.ts';
import { submitAttempt } from '../api/attempt-calls.ts';
import { AttemptClosedError, type SyncEngine } from '../lib/sync-engine.ts';
import type { SubmitPhase } from '../components/submit-dialog.tsx';

const CLOSED_CODES = new Set(['attempt_submitted', 'attempt_closed']);

/** Resolves at the next 'online' event, or after a while (a server that was down may be back). */
function nextChanceToConnect(ms = 5000): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      window.removeEventListener('online', done);
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener('online', done);
  });
}

interface Options {
  engine: SyncEngine | null;
  attemptId: string;
  /** Files and recordings still uploading: their answers are only complete once they are in. */
  uploadsSettled(): Promise<unknown>;
  /** The attempt is submitted (result null: it had been already, here or by the deadline). */
  onSubmitted(result: AttemptResult | null): void;
}

/**
 * Submitting: every answer saved first (waiting for a network if there is none), then the
 * idempotent submit, retried with the same key across lost connections; Keep working stops it.
 */
export function useSubmitAttempt({ engine, attemptId, uploadsSettled, onSubmitted }: Options) {
  const [phase, setPhase] = useState<SubmitPhase>('idle');
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const run = useRef(0);
  const key = useRef<string | null>(null);

  const submit = useCallback(async () => {
    if (!engine) return;
    const mine = ++run.current;
    const current = () => run.current === mine;
    key.current ??= crypto.randomUUID();
    setErrorKey(null);
    setPhase('saving');
    try {
      await uploadsSettled();
      await engine.flush();
      if (!current()) return;
      setPhase('submitting');
      for (;;) {
        try {
          const result = await submitAttempt(attemptId, key.current);
          if (!current()) return;
          await engine.finish();
          onSubmitted(result);
          return;
        } catch (error) {
          if (codeOf(error) !== 'network_error') throw error;
          setPhase('waitingForNetwork');
          await nextChanceToConnect();
          if (!current()) return;
          setPhase('submitting');
        }
      }
    } catch (error) {
      if (!current()) return;
      const reason = error instanceof AttemptClosedError ? error.reason : codeOf(error);
      if (reason && (CLOSED_CODES.has(reason) || reason === 'not_found')) {
        await engine.finish();
        onSubmitted(null);
        return;
      }
      setErrorKey(`errors:${errorCodeOf(error)}`);
      setPhase('idle');
    }
  }, [engine, attemptId, uploadsSettled, onSubmitted]);

  const cancel = useCallback(() => {
    run.current += 1;
    setPhase('idle');
  }, []);

  return { submit, cancel, phase, errorKey };
}
