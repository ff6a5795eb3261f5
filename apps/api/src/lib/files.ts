import { mkdir, readFile as fsReadFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Config } from '../config.ts';

/**
 * Where uploaded files live. Keys are relative, slash-separated names such as
 * `profile-images/<uuid>.png`; the local store maps them under DATA_DIR/files, and an S3 store
 * can implement the same three calls later without touching the modules that use them.
 */
export interface FileStore {
  saveFile(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes, or null when no file has this key. */
  readFile(key: string): Promise<Buffer | null>;
  /** Removes the file; removing a missing file is not an error. */
  deleteFile(key: string): Promise<void>;
}

// Keys come from our own code, but they end up in paths: refuse anything that could escape the root.
const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/i;

export function assertSafeKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.split('/').some((part) => part === '..' || part.startsWith('.'))) {
    throw new Error(`Invalid file key: ${key}`);
  }
}

/** Local disk storage under `root`; writes go through a temporary file so readers never see half a file. */
export function localFileStore(root: string): FileStore {
  const resolve = (key: string) => {
    assertSafeKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    async saveFile(key, bytes) {
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomUUID()}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, target);
    },
    async readFile(key) {
      try {
        return await fsReadFile(resolve(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async deleteFile(key) {
      await rm(resolve(key), { force: true });
    },
  };
}

/** The configured file store: local disk under DATA_DIR/files (S3 when configured, later). */
export function createFileStore(config: Pick<Config, 'DATA_DIR'>): FileStore {
  return localFileStore(path.resolve(config.DATA_DIR, 'files'));
}
