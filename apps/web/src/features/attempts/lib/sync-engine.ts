import { isPending, type AnswerStore, type LocalAnswer, type ServerAnswer } from './local-answer.ts';

/**
 * The autosave engine of one attempt: no answer may ever be lost.
 *
 * Every change goes to the local store at once with the next revision and a fresh idempotency
 * key, and is sent after a short pause (debounced per question). Only the server's ack counts as
 * saved. Failures are retried with backoff and the same key; without a network nothing is sent
 * until the browser is back online. A stale ack (another tab or device saved a newer revision)
 * makes the server's answer win. Other tabs of the same attempt hear every change and ack over a
 * channel, so they show the same answers and never send an older revision over a newer one.
 */

export type SyncStatus = 'saved' | 'saving' | 'offline' | 'retrying';

/** Why the engine stopped: the attempt can no longer take answers. */
export type ClosedReason = 'attempt_submitted' | 'attempt_closed' | 'not_found';

export interface SaveBody {
  answer: unknown;
  revision: number;
  idempotencyKey: string;
  flagged: boolean;
}

export interface SaveAck {
  questionId: string;
  revision: number;
  stale: boolean;
}

/** The calls the engine makes (the attempts API in the browser, a fake in tests). */
export interface SyncTransport {
  save(questionId: string, body: SaveBody): Promise<SaveAck>;
  /** The server's answers now, keyed by question id (after a stale ack). */
  fetchAnswers(): Promise<Record<string, ServerAnswer>>;
}

export interface Connectivity {
  isOnline(): boolean;
  subscribe(listener: () => void): () => void;
}

export type TabMessage =
  | { type: 'change'; entry: LocalAnswer }
  | { type: 'saved'; questionId: string; revision: number }
  | { type: 'closed'; reason: ClosedReason };

/** The other tabs of this browser (a BroadcastChannel), or none. */
export interface TabChannel {
  post(message: TabMessage): void;
  subscribe(listener: (message: TabMessage) => void): () => void;
  close(): void;
}

export type FailureKind = 'network' | 'stale' | 'closed' | 'retry';

/** How a failed save is handled, from the API error's status and code. */
export function classifyFailure(error: unknown): { kind: FailureKind; reason?: ClosedReason } {
  const record = (typeof error === 'object' && error !== null ? error : {}) as {
    status?: unknown;
    code?: unknown;
  };
  if (record.code === 'network_error' || record.status === 0) return { kind: 'network' };
  if (record.code === 'stale_revision') return { kind: 'stale' };
  if (record.code === 'attempt_submitted' || record.code === 'attempt_closed') {
    return { kind: 'closed', reason: record.code };
  }
  if (record.status === 404) return { kind: 'closed', reason: 'not_found' };
  return { kind: 'retry' };
}

export interface SyncSnapshot {
  /** False until the stored and the server's answers are merged. */
  ready: boolean;
  status: SyncStatus;
  answers: Readonly<Record<string, LocalAnswer>>;
  /** Answers not yet acknowledged by the server. */
  pendingCount: number;
  closed: ClosedReason | null;
}

export interface SyncEngineOptions {
  attemptId: string;
  store: AnswerStore;
  transport: SyncTransport;
  connectivity: Connectivity;
  channel?: TabChannel | null;
  /** Pause after the last change before a question's answer is sent. */
  debounceMs?: number;
  /** Backoff of retries: first delay, doubling up to the maximum. */
  retryInitialMs?: number;
  retryMaxMs?: number;
  /** How long a change heard from another tab is left to that tab before this one sends it too. */
  peerGraceMs?: number;
  newKey?: () => string;
  now?: () => number;
  /** 0..1; spreads retries so many students do not hit a restarted server at the same instant. */
  random?: () => number;
  /** An answer shown changed because another tab or the server had a newer one. */
  onExternalChange?(questionId: string): void;
  /** Storage failures: the engine carries on in memory and keeps sending. */
  onStoreError?(error: unknown): void;
}

export interface StartOptions {
  /**
   * The server answers are an old copy (the page opened without a network): trust what this
   * device already saw acknowledged rather than sending it again.
   */
  serverAnswersAreCached?: boolean;
}

export interface SyncEngine {
  /** Merges stored and server answers (the higher revision wins) and sends what is not saved yet. */
  start(server: Record<string, ServerAnswer> | null, options?: StartOptions): Promise<void>;
  /** Merges answers the server reports later (a reload of the attempt). */
  reconcile(server: Record<string, ServerAnswer>, options?: StartOptions): void;
  change(questionId: string, patch: { answer?: unknown; flagged?: boolean }): void;
  /** Sends everything now; resolves once the server acknowledged every answer (waits while offline). */
  flush(): Promise<void>;
  /** A call reached the server (so the network is back even if nothing was pending). */
  noteServerReached(): void;
  /** The attempt was submitted here: stop, tell the other tabs, forget the local copy. */
  finish(): Promise<void>;
  getSnapshot(): SyncSnapshot;
  subscribe(listener: () => void): () => void;
  dispose(): void;
}

export class AttemptClosedError extends Error {
  readonly reason: ClosedReason;
  constructor(reason: ClosedReason) {
    super(`The attempt can no longer take answers (${reason})`);
    this.name = 'AttemptClosedError';
    this.reason = reason;
  }
}

const sameAnswer = (a: LocalAnswer | undefined, b: ServerAnswer) =>
  a !== undefined && a.flagged === b.flagged && JSON.stringify(a.answer) === JSON.stringify(b.answer);

export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  const {
    attemptId,
    store,
    transport,
    connectivity,
    channel = null,
    debounceMs = 800,
    retryInitialMs = 1000,
    retryMaxMs = 15_000,
    peerGraceMs = 5000,
    newKey = () => crypto.randomUUID(),
    now = Date.now,
    random = Math.random,
  } = options;

  const entries = new Map<string, LocalAnswer>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const inFlight = new Set<string>();
  const resendAfter = new Set<string>();
  const failures = new Map<string, number>();
  const listeners = new Set<() => void>();
  let flushWaiters: { resolve(): void; reject(error: unknown): void }[] = [];
  let networkDown = false;
  let closed: ClosedReason | null = null;
  let ready = false;
  let disposed = false;
  // Revisions act as a clock across tabs: a change always gets a revision above any seen.
  let revisionFloor = 0;
  const unsubscribers: (() => void)[] = [];

  let snapshot: SyncSnapshot = computeSnapshot();

  function computeSnapshot(): SyncSnapshot {
    const pending = [...entries.values()].filter(isPending);
    let status: SyncStatus;
    if (!connectivity.isOnline() || networkDown) status = 'offline';
    else if (pending.length === 0) status = 'saved';
    else if (pending.some((entry) => (failures.get(entry.questionId) ?? 0) > 0)) status = 'retrying';
    else status = 'saving';
    return { ready, status, answers: Object.fromEntries(entries), pendingCount: pending.length, closed };
  }

  function notify() {
    snapshot = computeSnapshot();
    if (closed) {
      const waiters = flushWaiters;
      flushWaiters = [];
      for (const waiter of waiters) waiter.reject(new AttemptClosedError(closed));
    } else if (snapshot.pendingCount === 0 && ready) {
      const waiters = flushWaiters;
      flushWaiters = [];
      for (const waiter of waiters) waiter.resolve();
    }
    for (const listener of listeners) listener();
  }

  function persist(entry: LocalAnswer) {
    store.put(entry).catch((error: unknown) => options.onStoreError?.(error));
  }

  function clearTimer(questionId: string) {
    const timer = timers.get(questionId);
    if (timer !== undefined) clearTimeout(timer);
    timers.delete(questionId);
  }

  function schedule(questionId: string, delayMs: number) {
    clearTimer(questionId);
    timers.set(
      questionId,
      setTimeout(() => {
        timers.delete(questionId);
        void sendNow(questionId);
      }, delayMs),
    );
  }

  function backoffDelay(questionId: string): number {
    const count = failures.get(questionId) ?? 1;
    const base = Math.min(retryInitialMs * 2 ** (count - 1), retryMaxMs);
    return Math.round(base * (0.8 + 0.4 * random()));
  }

  function closeWith(reason: ClosedReason, tell: boolean) {
    if (closed) return;
    closed = reason;
    for (const questionId of [...timers.keys()]) clearTimer(questionId);
    if (tell) channel?.post({ type: 'closed', reason });
    notify();
  }

  function acknowledge(questionId: string, revision: number, tell: boolean) {
    const entry = entries.get(questionId);
    if (!entry) return;
    const savedRevision = Math.max(entry.savedRevision, Math.min(revision, entry.revision));
    if (savedRevision === entry.savedRevision) return;
    const updated = { ...entry, savedRevision };
    entries.set(questionId, updated);
    if (!isPending(updated)) {
      clearTimer(questionId);
      failures.delete(questionId);
    }
    persist(updated);
    if (tell) channel?.post({ type: 'saved', questionId, revision: savedRevision });
  }

  function merge(server: Record<string, ServerAnswer>, cached: boolean): string[] {
    const toSend: string[] = [];
    const questionIds = new Set([...entries.keys(), ...Object.keys(server)]);
    for (const questionId of questionIds) {
      const local = entries.get(questionId);
      const remote = server[questionId];
      if (remote) revisionFloor = Math.max(revisionFloor, remote.revision);
      if (remote && (!local || remote.revision >= local.revision)) {
        // The server holds this revision or a newer one: its answer is the answer.
        const changed = local !== undefined && !sameAnswer(local, remote);
        const adopted: LocalAnswer = {
          attemptId,
          questionId,
          answer: remote.answer,
          flagged: remote.flagged,
          revision: remote.revision,
          idempotencyKey: local?.revision === remote.revision ? local.idempotencyKey : '',
          savedRevision: remote.revision,
          changedAt: local?.changedAt ?? now(),
        };
        if (
          local &&
          local.revision === adopted.revision &&
          local.savedRevision === adopted.savedRevision &&
          !changed
        ) {
          continue;
        }
        entries.set(questionId, adopted);
        clearTimer(questionId);
        failures.delete(questionId);
        persist(adopted);
        if (changed) options.onExternalChange?.(questionId);
      } else if (local) {
        // This device has a newer revision. Unless the server's copy is an old one, anything it
        // lacks is sent (again): a server restored from a backup still gets every answer.
        const held = remote?.revision ?? 0;
        const entry = cached || local.savedRevision <= held ? local : { ...local, savedRevision: held };
        entries.set(questionId, entry);
        if (isPending(entry)) toSend.push(questionId);
      }
    }
    return toSend;
  }

  async function adoptServerAnswer(questionId: string) {
    const server = await transport.fetchAnswers();
    networkDown = false;
    const toSend = merge(server, false);
    // The server answered stale yet holds an older revision (a race): try again, later.
    if (toSend.includes(questionId)) {
      failures.set(questionId, (failures.get(questionId) ?? 0) + 1);
      schedule(questionId, backoffDelay(questionId));
    }
    for (const other of toSend) if (other !== questionId) void sendNow(other);
    notify();
  }

  function handleFailure(questionId: string, error: unknown) {
    const { kind, reason } = classifyFailure(error);
    if (kind === 'closed' && reason) {
      closeWith(reason, true);
      return;
    }
    if (kind === 'network') networkDown = true;
    failures.set(questionId, (failures.get(questionId) ?? 0) + 1);
    if (kind === 'stale') {
      adoptServerAnswer(questionId).catch((fetchError: unknown) => {
        if (classifyFailure(fetchError).kind === 'network') networkDown = true;
        schedule(questionId, backoffDelay(questionId));
        notify();
      });
      return;
    }
    schedule(questionId, backoffDelay(questionId));
  }

  async function sendNow(questionId: string): Promise<void> {
    if (closed || disposed) return;
    const entry = entries.get(questionId);
    if (!entry || !isPending(entry)) return;
    // Nothing goes out without a network; the 'online' event sends it all.
    if (!connectivity.isOnline()) {
      notify();
      return;
    }
    if (inFlight.has(questionId)) {
      resendAfter.add(questionId);
      return;
    }
    clearTimer(questionId);
    inFlight.add(questionId);
    notify();
    try {
      const ack = await transport.save(questionId, {
        answer: entry.answer,
        revision: entry.revision,
        idempotencyKey: entry.idempotencyKey,
        flagged: entry.flagged,
      });
      networkDown = false;
      if (ack.stale) {
        handleFailure(questionId, { code: 'stale_revision' });
      } else {
        failures.delete(questionId);
        acknowledge(questionId, ack.revision, true);
      }
    } catch (error) {
      handleFailure(questionId, error);
    } finally {
      inFlight.delete(questionId);
      // A change made while this one was on its way goes next, unless it still waits its pause.
      if (resendAfter.delete(questionId) && !timers.has(questionId)) void sendNow(questionId);
      notify();
    }
  }

  function sendAllNow() {
    for (const entry of entries.values()) if (isPending(entry)) void sendNow(entry.questionId);
  }

  function onPeerMessage(message: TabMessage) {
    if (closed || disposed) return;
    switch (message.type) {
      case 'change': {
        const { entry } = message;
        if (entry.attemptId !== attemptId) return;
        revisionFloor = Math.max(revisionFloor, entry.revision);
        const local = entries.get(entry.questionId);
        if (local && local.revision >= entry.revision) return;
        entries.set(entry.questionId, {
          ...entry,
          savedRevision: Math.max(entry.savedRevision, local?.savedRevision ?? 0),
        });
        // The other tab sends it; should that tab close first, this one does (same key, so once).
        schedule(entry.questionId, debounceMs + peerGraceMs);
        options.onExternalChange?.(entry.questionId);
        notify();
        return;
      }
      case 'saved':
        acknowledge(message.questionId, message.revision, false);
        notify();
        return;
      case 'closed':
        closeWith(message.reason, false);
        return;
    }
  }

  return {
    async start(server, startOptions = {}) {
      let stored: LocalAnswer[] = [];
      try {
        stored = await store.list(attemptId);
      } catch (error) {
        options.onStoreError?.(error);
      }
      for (const entry of stored) {
        const current = entries.get(entry.questionId);
        if (!current || entry.revision > current.revision) entries.set(entry.questionId, entry);
        revisionFloor = Math.max(revisionFloor, entry.revision);
      }
      const toSend = merge(server ?? {}, server === null || Boolean(startOptions.serverAnswersAreCached));
      ready = true;
      if (!disposed) {
        unsubscribers.push(
          connectivity.subscribe(() => {
            if (connectivity.isOnline()) {
              networkDown = false;
              sendAllNow();
            }
            notify();
          }),
        );
        if (channel) unsubscribers.push(channel.subscribe(onPeerMessage));
      }
      notify();
      for (const questionId of toSend) void sendNow(questionId);
    },

    reconcile(server, reconcileOptions = {}) {
      const toSend = merge(server, Boolean(reconcileOptions.serverAnswersAreCached));
      networkDown = false;
      notify();
      for (const questionId of toSend) void sendNow(questionId);
    },

    change(questionId, patch) {
      if (closed || disposed) return;
      const previous = entries.get(questionId);
      const revision = Math.max(revisionFloor, previous?.revision ?? 0) + 1;
      revisionFloor = revision;
      const entry: LocalAnswer = {
        attemptId,
        questionId,
        answer: 'answer' in patch ? (patch.answer ?? null) : (previous?.answer ?? null),
        flagged: patch.flagged ?? previous?.flagged ?? false,
        revision,
        idempotencyKey: newKey(),
        savedRevision: previous?.savedRevision ?? 0,
        changedAt: now(),
      };
      entries.set(questionId, entry);
      persist(entry);
      channel?.post({ type: 'change', entry });
      // A flag is a click, not typing: no reason to wait for more.
      schedule(questionId, 'answer' in patch ? debounceMs : 0);
      notify();
    },

    flush() {
      if (closed) return Promise.reject(new AttemptClosedError(closed));
      const done = new Promise<void>((resolve, reject) => {
        flushWaiters.push({ resolve, reject });
      });
      for (const questionId of [...timers.keys()]) clearTimer(questionId);
      sendAllNow();
      notify();
      return done;
    },

    noteServerReached() {
      if (!networkDown) return;
      networkDown = false;
      sendAllNow();
      notify();
    },

    async finish() {
      closeWith('attempt_submitted', true);
      await store.clear(attemptId).catch((error: unknown) => options.onStoreError?.(error));
    },

    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      disposed = true;
      for (const questionId of [...timers.keys()]) clearTimer(questionId);
      for (const unsubscribe of unsubscribers.splice(0)) unsubscribe();
      channel?.close();
      listeners.clear();
    },
  };
}
