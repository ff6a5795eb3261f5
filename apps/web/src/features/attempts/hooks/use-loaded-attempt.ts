import { useQuery, type QueryClient } from '@tanstack/react-query';
import { ATTEMPT_LIMITS, AttemptSchema, type Attempt } from '@vbuilder/shared';
import { z } from 'zod';
import { codeOf } from '../../../lib/api-errors.ts';
import { fetchAttempt, type TimedAttempt } from '../api/attempt-calls.ts';
import { attemptKeys } from '../../../lib/query-keys.ts';
import { deviceStore } from '../lib/device-store.ts';

export interface LoadedAttempt {
  attempt: Attempt;
  /** Add to Date.now() for the server's time. */
  clockOffsetMs: number;
  /** Opened from this device's copy because the server could not be reached. */
  fromDevice: boolean;
}

const DeviceCopySchema = z.object({ attempt: AttemptSchema, clockOffsetMs: z.number() });

/**
 * The attempt from the server, kept on the device as it arrives; without a network, the device's
 * copy (answers queued since then are merged in by the sync engine). Re-read every minute while
 * it is open, so the clock offset and answers from other devices stay current.
 */
export async function loadAttempt(attemptId: string, signal?: AbortSignal): Promise<LoadedAttempt> {
  const store = deviceStore();
  try {
    return await keptOnDevice(await fetchAttempt(attemptId, signal));
  } catch (error) {
    if (codeOf(error) !== 'network_error') throw error;
    const copy = DeviceCopySchema.safeParse(await store.loadAttempt(attemptId).catch(() => undefined));
    if (!copy.success) throw error;
    return { ...copy.data, fromDevice: true };
  }
}

/** An attempt the server just gave, kept on the device while in progress (for a reload without a network). */
async function keptOnDevice({ attempt, clockOffsetMs }: TimedAttempt): Promise<LoadedAttempt> {
  if (attempt.status === 'in_progress') {
    await deviceStore()
      .saveAttempt(attempt.id, { attempt, clockOffsetMs })
      .catch(() => undefined);
  }
  return { attempt, clockOffsetMs, fromDevice: false };
}

/**
 * The attempt POST /attempts answered, taken as loaded: the screen opens on it without asking the
 * server again (issue 15: a class starting at once made every start two round trips).
 */
export async function rememberStartedAttempt(queryClient: QueryClient, started: TimedAttempt): Promise<void> {
  queryClient.setQueryData(attemptKeys.detail(started.attempt.id), await keptOnDevice(started));
}

export function useLoadedAttempt(attemptId: string | null) {
  return useQuery({
    queryKey: attemptKeys.detail(attemptId ?? ''),
    queryFn: ({ signal }) => loadAttempt(attemptId ?? '', signal),
    enabled: Boolean(attemptId),
    // Offline is exactly when the device copy is needed: never wait for the network to run.
    networkMode: 'always',
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: 'always',
    refetchInterval: (query) =>
      query.state.data?.attempt.status === 'in_progress' ? ATTEMPT_LIMITS.refreshSeconds * 1000 : false,
    meta: { silent: true },
  });
}
