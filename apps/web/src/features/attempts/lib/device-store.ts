import { createIdbAnswerStore } from './idb-answer-store.ts';
import { createMemoryAnswerStore, type AnswerStore } from './local-answer.ts';
import { createMemoryUploadStore, type PendingUploadStore } from './pending-upload.ts';

export type DeviceStore = AnswerStore & PendingUploadStore;

let instance: DeviceStore | null = null;

/** The page's answer and upload store: IndexedDB, or memory where the browser has none (the engine still sends). */
export function deviceStore(): DeviceStore {
  instance ??=
    typeof indexedDB === 'undefined'
      ? { ...createMemoryAnswerStore(), ...createMemoryUploadStore() }
      : createIdbAnswerStore();
  return instance;
}
