import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
// Node's File: jsdom's cannot be structured-cloned into (fake) IndexedDB, a browser's can.
import { File as NodeFile } from 'node:buffer';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createIdbAnswerStore } from './idb-answer-store.ts';
import type { PendingUpload } from './pending-upload.ts';
import { createSyncEngine, type SyncEngine } from './sync-engine.ts';
import { createFakeConnectivity, createFakeServer } from './sync-test-doubles.ts';
import {
  createUploadQueue,
  type StoredFile,
  type UploadQueue,
  type UploadTransport,
} from './upload-queue.ts';

const ATTEMPT = 'attempt-1';
type Store = ReturnType<typeof createIdbAnswerStore>;

/** Lets IndexedDB (fake-indexeddb runs on setImmediate, which stays real) and promises finish. */
async function settle() {
  for (let i = 0; i < 30; i += 1) await new Promise((resolve) => setImmediate(resolve));
}

const networkError = () => Object.assign(new Error('Failed to fetch'), { status: 0, code: 'network_error' });
const serverError = () => Object.assign(new Error('boom'), { status: 500, code: 'internal_error' });

/** The files endpoint: stores what it is sent, or fails as told. */
function createFakeFiles() {
  const received: { questionId: string; name: string; content: string }[] = [];
  let failWith: (() => Error) | null = null;
  const transport: UploadTransport = {
    async upload(questionId, file, name) {
      if (failWith) throw failWith();
      received.push({ questionId, name, content: await file.text() });
      const stored: StoredFile = { url: `/api/attempts/${ATTEMPT}/files/f${received.length}`, name };
      return stored;
    },
  };
  return {
    transport,
    received,
    fail(next: (() => Error) | null) {
      failWith = next;
    },
  };
}

let opened: { stores: Store[]; queues: UploadQueue[]; engines: SyncEngine[] };
beforeEach(() => {
  // A fresh browser database per test; only the clock of the app is faked, not IndexedDB's.
  globalThis.indexedDB = new IDBFactory();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  opened = { stores: [], queues: [], engines: [] };
});
afterEach(async () => {
  for (const queue of opened.queues) queue.dispose();
  for (const engine of opened.engines) engine.dispose();
  for (const store of opened.stores) await store.close();
  vi.useRealTimers();
});

/** One page load: its store on the shared database, an engine and an upload queue placing into it. */
function openPage(options: { online: boolean; files: ReturnType<typeof createFakeFiles> }) {
  const store = createIdbAnswerStore();
  const network = createFakeConnectivity(options.online);
  const server = createFakeServer();
  const engine = createSyncEngine({
    attemptId: ATTEMPT,
    store,
    transport: server.transport,
    connectivity: network.connectivity,
    debounceMs: 1000,
    random: () => 0.5,
  });
  const placed: PendingUpload[] = [];
  const refused: string[] = [];
  const queue = createUploadQueue({
    attemptId: ATTEMPT,
    store,
    transport: options.files.transport,
    connectivity: network.connectivity,
    retryInitialMs: 1000,
    retryMaxMs: 8000,
    random: () => 0.5,
    // As the attempt screen does: the returned reference goes into the answer.
    place(upload, stored) {
      placed.push(upload);
      const previous = engine.getSnapshot().answers[upload.questionId]?.answer as object | undefined;
      engine.change(upload.questionId, {
        answer: { ...previous, fileUrl: stored.url, fileName: stored.name },
      });
    },
    onRefused: (_upload, code) => refused.push(code),
  });
  opened.stores.push(store);
  opened.queues.push(queue);
  opened.engines.push(engine);
  return { store, network, server, engine, queue, placed, refused };
}

const essay = () => new NodeFile(['my lab report'], 'report.pdf', { type: 'application/pdf' }) as Blob;

describe('the upload queue', () => {
  it('keeps a file chosen offline across a reload and uploads it when the network is back', async () => {
    const files = createFakeFiles();
    const first = openPage({ online: false, files });
    await first.engine.start(null);
    await first.queue.start();
    // The player sets the file name, then hands over the file.
    first.engine.change('q1', { answer: { fileName: 'report.pdf', text: 'see file' } });
    await first.queue.add('q1', essay(), 'report.pdf');
    expect(first.queue.getSnapshot()).toMatchObject({ status: 'offline', pending: [{ name: 'report.pdf' }] });
    await settle();
    expect(files.received).toEqual([]);

    // The page is reloaded (still offline): a new store on the same database.
    first.queue.dispose();
    first.engine.dispose();
    await first.store.close();
    const second = openPage({ online: false, files });
    await second.engine.start(null);
    await second.queue.start();
    expect(second.queue.getSnapshot().pending).toEqual([
      expect.objectContaining({
        attemptId: ATTEMPT,
        questionId: 'q1',
        name: 'report.pdf',
        type: 'application/pdf',
        size: 13,
      }),
    ]);
    expect(second.queue.getSnapshot().status).toBe('offline');

    // Back online: the kept file goes up, its reference into the answer, and the answer is saved.
    second.network.set(true);
    await settle();
    expect(files.received).toEqual([{ questionId: 'q1', name: 'report.pdf', content: 'my lab report' }]);
    expect(second.placed).toHaveLength(1);
    expect(second.queue.getSnapshot()).toEqual({ status: 'idle', pending: [] });
    expect(await second.store.listUploads(ATTEMPT)).toEqual([]);

    await vi.advanceTimersByTimeAsync(1000);
    await settle();
    expect(second.server.answers.get('q1')?.answer).toEqual({
      fileName: 'report.pdf',
      text: 'see file',
      fileUrl: `/api/attempts/${ATTEMPT}/files/f1`,
    });
    expect(second.engine.getSnapshot().pendingCount).toBe(0);
  });

  it('keeps the file while uploads fail, retries with backoff, and flush waits for it', async () => {
    const files = createFakeFiles();
    files.fail(serverError);
    const page = openPage({ online: true, files });
    await page.engine.start({});
    await page.queue.start();
    await page.queue.add('q1', essay(), 'report.pdf');
    await settle();
    expect(page.queue.getSnapshot().status).toBe('retrying');
    expect(await page.store.listUploads(ATTEMPT)).toHaveLength(1);

    let flushed = false;
    void page.queue.flush().then(() => {
      flushed = true;
    });
    files.fail(networkError);
    await vi.advanceTimersByTimeAsync(4000);
    await settle();
    expect(page.queue.getSnapshot().status).toBe('offline');
    expect(await page.store.listUploads(ATTEMPT)).toHaveLength(1);
    expect(flushed).toBe(false);
    expect(page.placed).toEqual([]);

    files.fail(null);
    await vi.advanceTimersByTimeAsync(8000);
    await settle();
    expect(files.received).toHaveLength(1);
    expect(flushed).toBe(true);
    expect(await page.store.listUploads(ATTEMPT)).toEqual([]);
  });

  it('drops a file the server refuses for good, and a file replaced by a newer one', async () => {
    const files = createFakeFiles();
    const page = openPage({ online: false, files });
    await page.engine.start({});
    await page.queue.start();
    await page.queue.add('q1', essay(), 'old.pdf');
    await page.queue.add('q1', essay(), 'report.pdf');
    await settle();
    expect((await page.store.listUploads(ATTEMPT)).map((upload) => upload.name)).toEqual(['report.pdf']);

    files.fail(() => Object.assign(new Error('too large'), { status: 413, code: 'file_too_large' }));
    page.network.set(true);
    await settle();
    expect(page.refused).toEqual(['file_too_large']);
    expect(page.queue.getSnapshot().pending).toEqual([]);
    expect(await page.store.listUploads(ATTEMPT)).toEqual([]);
  });

  it('forgets kept files when the attempt is submitted', async () => {
    const files = createFakeFiles();
    const page = openPage({ online: false, files });
    await page.engine.start({});
    await page.queue.start();
    await page.queue.add('q1', essay(), 'report.pdf');
    await page.store.clear(ATTEMPT);
    expect(await page.store.listUploads(ATTEMPT)).toEqual([]);
  });
});
