/**
 * A file or recording of an open answer that the server has not stored yet. It is kept on the
 * device (the Blob itself) from the moment it is chosen, so a reload, a lost connection or a
 * failing server never loses it: it is uploaded later and its reference put into the answer.
 */
export interface PendingUpload {
  /** The client's id of this upload (one chosen file). */
  id: string;
  attemptId: string;
  questionId: string;
  file: Blob;
  name: string;
  type: string;
  size: number;
  /** Device time it was chosen (ordering only). */
  createdAt: number;
}

/** Where pending uploads live between page loads (IndexedDB in the browser). */
export interface PendingUploadStore {
  addUpload(upload: PendingUpload): Promise<void>;
  listUploads(attemptId: string): Promise<PendingUpload[]>;
  removeUpload(id: string): Promise<void>;
}

/** A store in memory: for tests, and the fallback when the browser refuses IndexedDB. */
export function createMemoryUploadStore(): PendingUploadStore {
  const uploads = new Map<string, PendingUpload>();
  return {
    addUpload(upload) {
      uploads.set(upload.id, upload);
      return Promise.resolve();
    },
    listUploads: (attemptId) =>
      Promise.resolve([...uploads.values()].filter((upload) => upload.attemptId === attemptId)),
    removeUpload(id) {
      uploads.delete(id);
      return Promise.resolve();
    },
  };
}
