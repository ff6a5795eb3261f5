import { createIdbAnswerStore } from './idb-answer-store.ts';
import { createMemoryAnswerStore, type AnswerStore } from './local-answer.ts';

let instance: AnswerStore | null = null;

/** The page's answer store: IndexedDB, or memory where the browser has none (the engine still sends). */
export function deviceStore(): AnswerStore {
  instance ??= typeof indexedDB === 'undefined' ? createMemoryAnswerStore() : createIdbAnswerStore();
  return instance;
}
