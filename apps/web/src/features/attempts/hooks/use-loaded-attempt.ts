import { useQuery, type QueryClient } from '@tanstack/react-query';
import { ATTEMPT_LIMITS, AttemptSchema, type Attempt } from '@vbuilder/shared';
import { z } from 'zod';
import { codeOf } from '../../../lib/api-errors.ts';
import { fetchAttempt, type TimedAttempt } from '../api/attempt-calls.ts';
import { attemptKeys } from '../../../lib/query-keys.ts';
import { deviceStore } from '../lib/device-store.ts';
import { loadPlayers } from '../../../components/questions/family-players.tsx';
import { getUserManager } from '../../../lib/auth/oidc-client.ts';

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
 * server again (a class starting at once made every start two round trips).
 */
export async function rememberStartedAttempt(queryClient: QueryClient, started: TimedAttempt): Promise<void> {
  inPage.add(started.attempt.id);
  queryClient.setQueryData(attemptKeys.detail(started.attempt.id), await keptOnDevice(started));
}

/** Attempts asked for before their screen rendered (prefetchAttempt), taken once by the query. */
const prefetched = new Map<string, { loading: Promise<LoadedAttempt>; at: number }>();
/** A prefetch older than this is not taken (the query asks afresh). */
const PREFETCH_FRESH_MS = 30_000;
/** Attempts this page already has (the query keeps them): a prefetch would be a wasted request. */
const inPage = new Set<string>();

/**
 * Starts loading an attempt as soon as its address is known (the route's loader), while the page
 * is still signing in and reading the profile, with the player of its first question: on a reload
 * mid-exam the screen no longer waits for the profile, then for the attempt, then for the player.
 */
export function prefetchAttempt(attemptId: string): void {
  if (prefetched.has(attemptId) || inPage.has(attemptId)) return;
  // The route's loader can run before the session has asked for the identity client (it no longer
  // waits for the screen's words): ask for it here, or the request would go without its token.
  const loading = getUserManager()
    .catch(() => undefined)
    .then(() => loadAttempt(attemptId));
  prefetched.set(attemptId, { loading, at: Date.now() });
  loading
    .then(({ attempt }) => {
      const first = attempt.questions[0];
      if (first) void loadPlayers([first.type]).catch(() => undefined);
    })
    // The query asks again and shows the error.
    .catch(() => prefetched.delete(attemptId));
}

function takePrefetched(attemptId: string): Promise<LoadedAttempt> | undefined {
  const entry = prefetched.get(attemptId);
  prefetched.delete(attemptId);
  inPage.add(attemptId);
  return entry && Date.now() - entry.at < PREFETCH_FRESH_MS ? entry.loading : undefined;
}

export function useLoadedAttempt(attemptId: string | null) {
  return useQuery({
    queryKey: attemptKeys.detail(attemptId ?? ''),
    // The signal is read only when this call fetches: reading it lets TanStack abort the query
    // when its screen unmounts (a Suspense above it hiding it while the screen loads), and an
    // aborted prefetch was fetched a second time (two 8-KB reads of the attempt).
    queryFn: (context) => takePrefetched(attemptId ?? '') ?? loadAttempt(attemptId ?? '', context.signal),
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
