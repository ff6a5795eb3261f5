import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { newerOf, type AnswerStore, type LocalAnswer } from './local-answer.ts';

/**
 * The answer queue in IndexedDB: it survives a reload, a lost connection, a closed tab and a
 * restarted server. One record per attempt + question; `put` reads and writes in one transaction,
 * so two tabs can never replace a newer revision with an older one.
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
}

export const ATTEMPTS_DB_NAME = 'vbuilder-attempts';

export function createIdbAnswerStore(name = ATTEMPTS_DB_NAME): AnswerStore & { close(): Promise<void> } {
  let opening: Promise<IDBPDatabase<AttemptsDb>> | null = null;
  const db = () => {
    opening ??= openDB<AttemptsDb>(name, 1, {
      upgrade(database) {
        const answers = database.createObjectStore('answers', { keyPath: ['attemptId', 'questionId'] });
        answers.createIndex('byAttempt', 'attemptId');
        database.createObjectStore('attempts', { keyPath: 'attemptId' });
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
      const tx = (await db()).transaction(['answers', 'attempts'], 'readwrite');
      const answers = tx.objectStore('answers');
      for (const key of await answers.index('byAttempt').getAllKeys(attemptId)) await answers.delete(key);
      await tx.objectStore('attempts').delete(attemptId);
      await tx.done;
    },
    async saveAttempt(attemptId, copy) {
      await (await db()).put('attempts', { attemptId, copy, storedAt: Date.now() });
    },
    async loadAttempt(attemptId) {
      return (await (await db()).get('attempts', attemptId))?.copy;
    },
    async close() {
      if (opening) (await opening).close();
      opening = null;
    },
  };
}
