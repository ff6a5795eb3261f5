import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { openDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ATTEMPTS_DB_NAME, createIdbAnswerStore } from './idb-answer-store.ts';
import type { LocalAnswer } from './local-answer.ts';

const entry = (patch: Partial<LocalAnswer>): LocalAnswer => ({
  attemptId: 'a1',
  questionId: 'q1',
  answer: 'x',
  flagged: false,
  revision: 1,
  idempotencyKey: 'k1',
  savedRevision: 0,
  changedAt: 0,
  ...patch,
});

let store: ReturnType<typeof createIdbAnswerStore>;
beforeEach(() => {
  // A fresh browser database per test.
  globalThis.indexedDB = new IDBFactory();
  store = createIdbAnswerStore();
});
afterEach(() => store.close());

describe('the IndexedDB answer queue', () => {
  it('keeps answers per attempt and question across store instances (a reload)', async () => {
    await store.put(entry({ questionId: 'q1', answer: 'one' }));
    await store.put(entry({ questionId: 'q2', answer: 'two' }));
    await store.put(entry({ attemptId: 'a2', questionId: 'q1', answer: 'other attempt' }));
    await store.close();

    const reopened = createIdbAnswerStore();
    const answers = await reopened.list('a1');
    expect(answers.map((a) => a.answer).sort()).toEqual(['one', 'two']);
    await reopened.close();
  });

  it('never replaces a newer revision with an older one', async () => {
    await store.put(entry({ revision: 3, answer: 'newer', idempotencyKey: 'k3' }));
    const kept = await store.put(entry({ revision: 2, answer: 'older', idempotencyKey: 'k2' }));
    expect(kept).toMatchObject({ revision: 3, answer: 'newer' });
    expect(await store.list('a1')).toEqual([expect.objectContaining({ revision: 3, answer: 'newer' })]);
  });

  it('records an acknowledgement of the stored revision, not of an older one', async () => {
    await store.put(entry({ revision: 2 }));
    await store.put(entry({ revision: 2, savedRevision: 2 }));
    expect((await store.list('a1'))[0]).toMatchObject({ revision: 2, savedRevision: 2 });

    await store.put(entry({ revision: 3, savedRevision: 2, answer: 'next' }));
    await store.put(entry({ revision: 2, savedRevision: 2 }));
    expect((await store.list('a1'))[0]).toMatchObject({ revision: 3, savedRevision: 2, answer: 'next' });
  });

  it('keeps a copy of the attempt and forgets everything of a submitted one', async () => {
    await store.saveAttempt('a1', { id: 'a1', title: 'Quiz' });
    await store.put(entry({}));
    expect(await store.loadAttempt('a1')).toEqual({ id: 'a1', title: 'Quiz' });

    await store.clear('a1');
    expect(await store.loadAttempt('a1')).toBeUndefined();
    expect(await store.list('a1')).toEqual([]);
  });

  it('upgrades a version 1 database in place, keeping its queued answers, and adds pending uploads', async () => {
    await store.close();
    globalThis.indexedDB = new IDBFactory();
    // The database as the first release created it.
    const v1 = await openDB(ATTEMPTS_DB_NAME, 1, {
      upgrade(database) {
        database
          .createObjectStore('answers', { keyPath: ['attemptId', 'questionId'] })
          .createIndex('byAttempt', 'attemptId');
        database.createObjectStore('attempts', { keyPath: 'attemptId' });
      },
    });
    await v1.put('answers', entry({ answer: 'queued before the update' }));
    await v1.put('attempts', { attemptId: 'a1', copy: { id: 'a1' }, storedAt: 0 });
    v1.close();

    store = createIdbAnswerStore();
    expect(await store.list('a1')).toEqual([expect.objectContaining({ answer: 'queued before the update' })]);
    expect(await store.loadAttempt('a1')).toEqual({ id: 'a1' });
    await store.addUpload({
      id: 'u1',
      attemptId: 'a1',
      questionId: 'q1',
      file: new Blob(['x']),
      name: 'a.txt',
      type: 'text/plain',
      size: 1,
      createdAt: 0,
    });
    expect((await store.listUploads('a1')).map((upload) => upload.id)).toEqual(['u1']);
    await store.removeUpload('u1');
    expect(await store.listUploads('a1')).toEqual([]);
  });
});
