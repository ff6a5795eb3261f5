import { mkdir, open, readFile as fsReadFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { AppError, badRequest } from './errors.ts';
import { s3FileStore, type S3Settings } from './s3-file-store.ts';

/**
 * Where uploaded files live. Keys are relative, slash-separated names such as
 * `profile-images/<uuid>.png`; the local store maps them under DATA_DIR/files, the S3 store
 * (s3-file-store.ts, when S3_BUCKET is set) uses them as object keys.
 * Saving takes the whole file: uploads are read, size-limited and type-checked in memory before
 * they are stored (readUploadedFile), and the limits are a few MB.
 */
export interface FileStore {
  saveFile(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes, or null when no file has this key. */
  readFile(key: string): Promise<Buffer | null>;
  /** The file as a stream, for answers that pipe it on without holding it; null when missing. */
  openFile(key: string): Promise<Readable | null>;
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
    async openFile(key) {
      // Opened first, so a missing file is null here rather than an error on the stream later.
      let handle;
      try {
        handle = await open(resolve(key), 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      return handle.createReadStream(); // closes the handle when it ends or is destroyed
    },
    async deleteFile(key) {
      await rm(resolve(key), { force: true });
    },
  };
}

// Every module asks for the store; with S3 they share one client (and its connections) per config.
const s3Stores = new WeakMap<object, FileStore>();

/** The configured file store: the S3 bucket when S3_BUCKET is set, else local disk under DATA_DIR/files. */
export function createFileStore(config: Pick<Config, 'DATA_DIR'> & Partial<S3Settings>): FileStore {
  const bucket = config.S3_BUCKET;
  if (!bucket) return localFileStore(path.resolve(config.DATA_DIR, 'files'));
  let store = s3Stores.get(config);
  if (!store) {
    store = s3FileStore({ ...config, S3_BUCKET: bucket, S3_REGION: config.S3_REGION ?? 'us-east-1' });
    s3Stores.set(config, store);
  }
  return store;
}

export const fileTooLarge = (maxBytes: number) =>
  new AppError(413, 'file_too_large', `The file is larger than ${Math.floor(maxBytes / (1024 * 1024))} MB`, {
    maxBytes,
  });

/**
 * What reading a multipart body failed with, as the client's error. Over the route's size limit:
 * 413 file_too_large. A body the parser cannot read (it ends before its closing boundary, as an
 * interrupted upload does, or a part's headers are malformed): 400 upload_incomplete, not the 500 an
 * error without a status becomes. Our own errors and the plugin's other 4xx errors stay as they are.
 */
export function multipartReadError(req: FastifyRequest, error: unknown, maxBytes: number): unknown {
  if (error instanceof req.server.multipartErrors.RequestFileTooLargeError) return fileTooLarge(maxBytes);
  if (error instanceof AppError) return error;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return error;
  return new AppError(
    400,
    'upload_incomplete',
    `The upload could not be read: ${error instanceof Error ? error.message : 'malformed multipart body'}`,
  );
}

/** One uploaded file: its bytes, the name and type the client declared (never trusted for the type). */
export interface UploadedFile {
  bytes: Buffer;
  filename: string;
  mimetype: string;
}

/**
 * The one file a multipart request sends in `field`, read with this route's size limit (the
 * multipart plugin is registered once, app-wide; limits are per route). Missing, empty or in
 * another field → 400 file_required; over `maxBytes` → 413 file_too_large.
 * `what` names the file in the message ("the CSV file").
 */
export async function readUploadedFile(
  req: FastifyRequest,
  options: { field: string; maxBytes: number; what?: string },
): Promise<UploadedFile> {
  const { field, maxBytes, what = 'the file' } = options;
  const missing = () => badRequest('file_required', `Send ${what} as multipart field ${field}`);
  if (!req.isMultipart()) throw missing();
  let part: MultipartFile | undefined;
  let bytes: Buffer;
  try {
    part = await req.file({ limits: { fileSize: maxBytes, files: 1 } });
    if (!part || part.fieldname !== field) {
      part?.file.resume();
      throw missing();
    }
    bytes = await part.toBuffer();
  } catch (error) {
    throw multipartReadError(req, error, maxBytes);
  }
  if (bytes.length === 0) throw missing();
  return { bytes, filename: part.filename, mimetype: part.mimetype };
}
