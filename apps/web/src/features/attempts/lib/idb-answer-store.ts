import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { newerOf, type AnswerStore, type LocalAnswer } from './local-answer.ts';
import type { PendingUpload, PendingUploadStore } from './pending-upload.ts';

/**
 * The answer queue in IndexedDB: it survives a reload, a lost connection, a closed tab and a
 * restarted server. One record per attempt + question; `put` reads and writes in one transaction,
 * so two tabs can never replace a newer revision with an older one. Files and recordings chosen
 * for open answers wait in `uploads` until the server has stored them.
 */

interface AttemptsDb extends DBSchema {
  answers: {
    key: [string, string];
    value: LocalAnswer;
    indexes: { byAttempt: string };
  };
  attempts: {
    key: string;
    value: { attemptId: string; copy: unknown; storedAt: number };
  };
  uploads: {
    key: string;
    value: PendingUpload;
    indexes: { byAttempt: string };
  };
}

export const ATTEMPTS_DB_NAME = 'vbuilder-attempts';

/** 1: answers and attempts; 2: pending uploads. */
export const ATTEMPTS_DB_VERSION = 2;

export function createIdbAnswerStore(
  name = ATTEMPTS_DB_NAME,
): AnswerStore & PendingUploadStore & { close(): Promise<void> } {
  let opening: Promise<IDBPDatabase<AttemptsDb>> | null = null;
  const db = () => {
    opening ??= openDB<AttemptsDb>(name, ATTEMPTS_DB_VERSION, {
      // Step by step from the version on the device, so queued answers of version 1 are kept.
      upgrade(database, oldVersion) {
        if (oldVersion < 1) {
          const answers = database.createObjectStore('answers', { keyPath: ['attemptId', 'questionId'] });
          answers.createIndex('byAttempt', 'attemptId');
          database.createObjectStore('attempts', { keyPath: 'attemptId' });
        }
        if (oldVersion < 2) {
          const uploads = database.createObjectStore('uploads', { keyPath: 'id' });
          uploads.createIndex('byAttempt', 'attemptId');
        }
      },
      // Another tab still holds version 1 open: let it go so this one can upgrade (it reopens).
      blocking(_current, _next, event) {
        (event.target as IDBDatabase | null)?.close();
        opening = null;
      },
    }).catch((error: unknown) => {
      opening = null;
      throw error;
    });
    return opening;
  };

  return {
    async list(attemptId) {
      return (await db()).getAllFromIndex('answers', 'byAttempt', attemptId);
    },
    async put(entry) {
      const tx = (await db()).transaction('answers', 'readwrite');
      const stored = await tx.store.get([entry.attemptId, entry.questionId]);
      const kept = newerOf(stored, entry);
      if (kept !== stored) await tx.store.put(kept);
      await tx.done;
      return kept;
    },
    async clear(attemptId) {
      const tx = (await db()).transaction(['answers', 'attempts', 'uploads'], 'readwrite');
      const answers = tx.objectStore('answers');
      for (const key of await answers.index('byAttempt').getAllKeys(attemptId)) await answers.delete(key);
      const uploads = tx.objectStore('uploads');
      for (const key of await uploads.index('byAttempt').getAllKeys(attemptId)) await uploads.delete(key);
      await tx.objectStore('attempts').delete(attemptId);
      await tx.done;
    },
    async saveAttempt(attemptId, copy) {
      await (await db()).put('attempts', { attemptId, copy, storedAt: Date.now() });
    },
    async loadAttempt(attemptId) {
      return (await (await db()).get('attempts', attemptId))?.copy;
    },
    async addUpload(upload) {
      await (await db()).put('uploads', upload);
    },
    async listUploads(attemptId) {
      const uploads = await (await db()).getAllFromIndex('uploads', 'byAttempt', attemptId);
      return uploads.sort((a, b) => a.createdAt - b.createdAt);
    },
    async removeUpload(id) {
      await (await db()).delete('uploads', id);
    },
    async close() {
      if (opening) (await opening).close();
      opening = null;
    },
  };
}
