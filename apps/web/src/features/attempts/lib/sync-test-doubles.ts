import type { ServerAnswer } from './local-answer.ts';
import type {
  Connectivity,
  SaveAck,
  SaveBody,
  SyncTransport,
  TabChannel,
  TabMessage,
} from './sync-engine.ts';

/**
 * Test doubles for the sync engine: a server that stores answers by revision and honours
 * idempotency keys like the attempts API, a switchable network, and a pair of connected tabs.
 */

export type ServerMode = 'ok' | 'network' | 'error' | 'closed';

export function createFakeServer(initial: Record<string, ServerAnswer & { key?: string }> = {}) {
  const answers = new Map(Object.entries(initial));
  const calls: { questionId: string; body: SaveBody }[] = [];
  let mode: ServerMode = 'ok';
  let fetches = 0;

  // Shaped like the API client's ApiError: a status and a code.
  const failure = () => {
    if (mode === 'network')
      return Object.assign(new Error('Failed to fetch'), { status: 0, code: 'network_error' });
    if (mode === 'closed')
      return Object.assign(new Error('closed'), { status: 409, code: 'attempt_submitted' });
    return Object.assign(new Error('boom'), { status: 500, code: 'internal_error' });
  };

  const transport: SyncTransport = {
    save(questionId, body) {
      calls.push({ questionId, body });
      if (mode !== 'ok') return Promise.reject(failure());
      const stored = answers.get(questionId);
      const ack = (stale: boolean, revision: number): SaveAck => ({ questionId, revision, stale });
      if (stored && stored.revision === body.revision && stored.key === body.idempotencyKey) {
        return Promise.resolve(ack(false, body.revision));
      }
      if (stored && stored.revision >= body.revision) return Promise.resolve(ack(true, stored.revision));
      answers.set(questionId, {
        answer: body.answer,
        flagged: body.flagged,
        revision: body.revision,
        key: body.idempotencyKey,
      });
      return Promise.resolve(ack(false, body.revision));
    },
    fetchAnswers() {
      fetches += 1;
      if (mode !== 'ok') return Promise.reject(failure());
      return Promise.resolve(
        Object.fromEntries(
          [...answers].map(([id, { answer, flagged, revision }]) => [id, { answer, flagged, revision }]),
        ),
      );
    },
  };

  return {
    transport,
    calls,
    answers,
    setMode: (next: ServerMode) => {
      mode = next;
    },
    fetchCount: () => fetches,
    /** Another device saved a newer answer. */
    saveElsewhere(questionId: string, answer: unknown, revision: number) {
      answers.set(questionId, { answer, flagged: false, revision, key: 'elsewhere' });
    },
  };
}

export function createFakeConnectivity(online = true) {
  let isOnline = online;
  const listeners = new Set<() => void>();
  const connectivity: Connectivity = {
    isOnline: () => isOnline,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    connectivity,
    set(next: boolean) {
      isOnline = next;
      for (const listener of listeners) listener();
    },
  };
}

/** Two tabs on one channel: what one posts, the other hears (as BroadcastChannel: not itself). */
export function createTabPair(): [TabChannel, TabChannel] {
  const listeners: [Set<(m: TabMessage) => void>, Set<(m: TabMessage) => void>] = [new Set(), new Set()];
  const side = (mine: 0 | 1): TabChannel => ({
    post: (message) => {
      for (const listener of listeners[mine === 0 ? 1 : 0]) listener(structuredClone(message));
    },
    subscribe(listener) {
      listeners[mine].add(listener);
      return () => listeners[mine].delete(listener);
    },
    close: () => listeners[mine].clear(),
  });
  return [side(0), side(1)];
}
