import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { Attempt } from '@vbuilder/shared';
import { ATTEMPT_LIMITS } from '@vbuilder/shared';
import { reportError } from '../../../lib/auth/report-error.ts';
import { fetchAttempt, saveAnswer } from '../api/attempt-calls.ts';
import { browserConnectivity, openTabChannel } from '../lib/browser-adapters.ts';
import { deviceStore } from '../lib/device-store.ts';
import type { ServerAnswer } from '../lib/local-answer.ts';
import { createSyncEngine, type SyncEngine, type SyncSnapshot } from '../lib/sync-engine.ts';
import type { LoadedAttempt } from './use-loaded-attempt.ts';
import { noteDeadline } from './use-live-deadline.ts';

export const answersOf = (attempt: Attempt): Record<string, ServerAnswer> =>
  Object.fromEntries(
    Object.entries(attempt.answers).map(([questionId, saved]) => [
      questionId,
      { answer: saved.answer ?? null, flagged: saved.flagged, revision: saved.revision },
    ]),
  );

const NOT_READY: SyncSnapshot = { ready: false, status: 'saved', answers: {}, pendingCount: 0, closed: null };
const noSubscription = () => () => undefined;
const notReady = () => NOT_READY;

/**
 * The sync engine of the attempt on screen: created once per attempt, started with the answers it
 * was opened with, told about every later load of the attempt. Returns the engine (null until
 * the attempt is loaded) and its current snapshot.
 */
export function useAttemptSync(
  loaded: LoadedAttempt | undefined,
  onExternalChange?: (questionId: string) => void,
) {
  const attemptId = loaded?.attempt.id ?? null;
  const [engine, setEngine] = useState<SyncEngine | null>(null);
  const latest = useRef({ loaded, onExternalChange });
  latest.current = { loaded, onExternalChange };
  const startedWith = useRef<LoadedAttempt | null>(null);

  useEffect(() => {
    const initial = latest.current.loaded;
    if (!attemptId || !initial || initial.attempt.status !== 'in_progress') return;
    const created = createSyncEngine({
      attemptId,
      store: deviceStore(),
      transport: {
        save: async (questionId, body) => {
          const ack = await saveAnswer(attemptId, questionId, body);
          // Extra time given meanwhile reaches the timer with the save.
          noteDeadline(attemptId, ack.deadlineAt);
          return ack;
        },
        fetchAnswers: async () => answersOf((await fetchAttempt(attemptId)).attempt),
      },
      connectivity: browserConnectivity,
      channel: openTabChannel(attemptId),
      debounceMs: ATTEMPT_LIMITS.autosaveDebounceMs,
      retryMaxMs: ATTEMPT_LIMITS.autosaveRetryMaxMs,
      onExternalChange: (questionId) => latest.current.onExternalChange?.(questionId),
      onStoreError: (error) => reportError(error, { area: 'attempts', action: 'store-answer' }),
    });
    startedWith.current = initial;
    setEngine(created);
    void created.start(answersOf(initial.attempt), { serverAnswersAreCached: initial.fromDevice });
    return () => {
      created.dispose();
      setEngine((current) => (current === created ? null : current));
    };
  }, [attemptId]);

  // A later load from the server: its answers (another device's) and a sign the network is back.
  useEffect(() => {
    if (!engine || !loaded || loaded === startedWith.current || loaded.fromDevice) return;
    engine.reconcile(answersOf(loaded.attempt));
  }, [engine, loaded]);

  const snapshot = useSyncExternalStore(
    engine?.subscribe ?? noSubscription,
    engine?.getSnapshot ?? notReady,
    engine?.getSnapshot ?? notReady,
  );
  return { engine, snapshot };
}
