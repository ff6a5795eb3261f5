import type { PendingUpload, PendingUploadStore } from './pending-upload.ts';
import type { Connectivity } from './sync-engine.ts';

/**
 * The files and recordings of open answers on their way to the server. Each one is kept in the
 * store the moment it is chosen and only forgotten once the server has stored it and its
 * reference is in the answer (`place`), so neither a reload nor a lost connection loses it.
 * Without a network nothing is sent until the browser is back online; a lost connection or a
 * server hiccup is retried with backoff (as answers are); a refusal (too large, wrong type) is
 * told once and the file dropped, since sending it again cannot succeed.
 */

export type UploadStatus = 'idle' | 'uploading' | 'offline' | 'retrying';

/** What the server returns for a stored file. */
export interface StoredFile {
  url: string;
  name: string;
}

export interface UploadTransport {
  upload(questionId: string, file: Blob, name: string): Promise<StoredFile>;
}

export interface UploadQueueSnapshot {
  status: UploadStatus;
  /** Oldest first. */
  pending: readonly PendingUpload[];
}

export interface UploadQueueOptions {
  attemptId: string;
  store: PendingUploadStore;
  transport: UploadTransport;
  connectivity: Connectivity;
  /** The server stored the file: put its reference into the answer. */
  place(upload: PendingUpload, stored: StoredFile): void;
  /** The server refused the file for good (its error code). */
  onRefused?(upload: PendingUpload, code: string): void;
  onStoreError?(error: unknown): void;
  retryInitialMs?: number;
  retryMaxMs?: number;
  random?: () => number;
  newId?: () => string;
  now?: () => number;
}

export interface UploadQueue {
  /** Picks up the uploads this device kept for the attempt (after a reload) and sends them. */
  start(): Promise<void>;
  /** A newly chosen file; replaces any still waiting for the same question. */
  add(questionId: string, file: Blob, name: string): Promise<void>;
  /** Sends everything now; resolves once nothing is waiting (stays pending while offline). */
  flush(): Promise<void>;
  getSnapshot(): UploadQueueSnapshot;
  subscribe(listener: () => void): () => void;
  dispose(): void;
}

// The same rule the answers follow: these may pass on a later try, anything else will not.
const RETRYABLE = new Set(['network_error', 'internal_error', 'rate_limited']);
const CLOSED = new Set(['attempt_submitted', 'attempt_closed']);

function errorCode(error: unknown): string {
  const record = (typeof error === 'object' && error !== null ? error : {}) as {
    status?: unknown;
    code?: unknown;
  };
  if (record.status === 0) return 'network_error';
  if (typeof record.code === 'string') return record.code;
  return typeof record.status === 'number' && record.status >= 500 ? 'internal_error' : 'unknown';
}

export function createUploadQueue(options: UploadQueueOptions): UploadQueue {
  const {
    attemptId,
    store,
    transport,
    connectivity,
    retryInitialMs = 1000,
    retryMaxMs = 15_000,
    random = Math.random,
    newId = () => crypto.randomUUID(),
    now = Date.now,
  } = options;

  const pending = new Map<string, PendingUpload>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const inFlight = new Set<string>();
  const failures = new Map<string, number>();
  const listeners = new Set<() => void>();
  let waiters: (() => void)[] = [];
  let networkDown = false;
  let stopped = false;
  let unsubscribe: (() => void) | null = null;
  let snapshot: UploadQueueSnapshot = computeSnapshot();

  function computeSnapshot(): UploadQueueSnapshot {
    const list = [...pending.values()].sort((a, b) => a.createdAt - b.createdAt);
    let status: UploadStatus = 'idle';
    if (list.length > 0) {
      if (!connectivity.isOnline() || networkDown) status = 'offline';
      else if (list.some((upload) => (failures.get(upload.id) ?? 0) > 0)) status = 'retrying';
      else status = 'uploading';
    }
    return { status, pending: list };
  }

  function notify() {
    snapshot = computeSnapshot();
    if (pending.size === 0 || stopped) {
      const done = waiters;
      waiters = [];
      for (const resolve of done) resolve();
    }
    for (const listener of listeners) listener();
  }

  function clearTimer(id: string) {
    const timer = timers.get(id);
    if (timer !== undefined) clearTimeout(timer);
    timers.delete(id);
  }

  function forget(id: string) {
    clearTimer(id);
    failures.delete(id);
    pending.delete(id);
    store.removeUpload(id).catch((error: unknown) => options.onStoreError?.(error));
  }

  function retryLater(id: string) {
    const count = failures.get(id) ?? 1;
    const base = Math.min(retryInitialMs * 2 ** (count - 1), retryMaxMs);
    clearTimer(id);
    timers.set(
      id,
      setTimeout(
        () => {
          timers.delete(id);
          void send(id);
        },
        Math.round(base * (0.8 + 0.4 * random())),
      ),
    );
  }

  async function send(id: string): Promise<void> {
    const upload = pending.get(id);
    if (!upload || stopped || inFlight.has(id)) return;
    // Nothing goes out without a network; the 'online' event sends it all.
    if (!connectivity.isOnline()) {
      notify();
      return;
    }
    clearTimer(id);
    inFlight.add(id);
    notify();
    try {
      const stored = await transport.upload(upload.questionId, upload.file, upload.name);
      networkDown = false;
      // Replaced by a newer file while on its way, or the screen is gone: its reference is not wanted.
      if (pending.get(id) === upload && !stopped) {
        options.place(upload, stored);
        forget(id);
      }
    } catch (error) {
      const code = errorCode(error);
      if (CLOSED.has(code)) {
        // The attempt takes no more answers; the file stays on the device until the attempt is cleared.
        stopped = true;
      } else if (RETRYABLE.has(code)) {
        if (code === 'network_error') networkDown = true;
        failures.set(id, (failures.get(id) ?? 0) + 1);
        if (!stopped) retryLater(id);
      } else if (pending.get(id) === upload) {
        forget(id);
        options.onRefused?.(upload, code);
      }
    } finally {
      inFlight.delete(id);
      notify();
    }
  }

  function sendAll() {
    for (const id of pending.keys()) void send(id);
  }

  return {
    async start() {
      let kept: PendingUpload[] = [];
      try {
        kept = await store.listUploads(attemptId);
      } catch (error) {
        options.onStoreError?.(error);
      }
      if (stopped) return;
      for (const upload of kept) if (!pending.has(upload.id)) pending.set(upload.id, upload);
      unsubscribe = connectivity.subscribe(() => {
        if (connectivity.isOnline()) {
          networkDown = false;
          sendAll();
        }
        notify();
      });
      notify();
      sendAll();
    },

    async add(questionId, file, name) {
      if (stopped) return;
      for (const earlier of [...pending.values()]) if (earlier.questionId === questionId) forget(earlier.id);
      const upload: PendingUpload = {
        id: newId(),
        attemptId,
        questionId,
        file,
        name,
        type: file.type,
        size: file.size,
        createdAt: now(),
      };
      pending.set(upload.id, upload);
      notify();
      // Kept on the device before anything is sent: the upload may outlive this page.
      await store.addUpload(upload).catch((error: unknown) => options.onStoreError?.(error));
      await send(upload.id);
    },

    flush() {
      const done = new Promise<void>((resolve) => waiters.push(resolve));
      networkDown = false;
      sendAll();
      notify();
      return done;
    },

    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      stopped = true;
      for (const id of [...timers.keys()]) clearTimer(id);
      unsubscribe?.();
      unsubscribe = null;
      notify();
      listeners.clear();
    },
  };
}
