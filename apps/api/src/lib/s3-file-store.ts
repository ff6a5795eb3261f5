import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Config } from '../config.ts';
import { assertSafeKey, type FileStore } from './files.ts';

export type S3Settings = Pick<
  Config,
  | 'S3_BUCKET'
  | 'S3_ENDPOINT'
  | 'S3_REGION'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
>;

// Objects keep a content type so the bucket serves them sensibly if read directly (a CDN, a
// backup browser); vbuilder itself answers with the type it recorded or detected, never this one.
const TYPES_BY_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  pdf: 'application/pdf',
};
const contentTypeOf = (key: string) =>
  TYPES_BY_EXTENSION[/\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase() ?? ''] ?? 'application/octet-stream';

// A key nobody stored: NoSuchKey from GetObject; some servers answer a bare 404 instead.
const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Garage, R2…), under the same relative keys the
 * disk store uses, so every instance of an installation sees every upload.
 */
export function s3FileStore(settings: S3Settings & { S3_BUCKET: string }): FileStore {
  const bucket = settings.S3_BUCKET;
  const client = new S3Client({
    region: settings.S3_REGION,
    endpoint: settings.S3_ENDPOINT,
    // Self-hosted servers rarely have a DNS name per bucket: path style unless told otherwise.
    forcePathStyle: settings.S3_FORCE_PATH_STYLE ?? Boolean(settings.S3_ENDPOINT),
    credentials:
      settings.S3_ACCESS_KEY_ID && settings.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: settings.S3_ACCESS_KEY_ID, secretAccessKey: settings.S3_SECRET_ACCESS_KEY }
        : undefined,
    // The SDK's default CRC checksums on every request are not understood by every S3-compatible
    // server; send and check them only where the S3 API requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

  const getObject = async (key: string) => {
    assertSafeKey(key);
    try {
      return await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };

  return {
    async saveFile(key, bytes) {
      assertSafeKey(key);
      // One PUT replaces the object atomically: readers see the old file or the new one, never half.
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: contentTypeOf(key) }),
      );
    },
    async readFile(key) {
      const object = await getObject(key);
      if (!object?.Body) return null;
      return Buffer.from(await object.Body.transformToByteArray());
    },
    async openFile(key) {
      const object = await getObject(key);
      if (!object?.Body) return null;
      // In Node the body is the HTTP response itself: piping it never holds the whole file.
      return object.Body as Readable;
    },
    async deleteFile(key) {
      assertSafeKey(key);
      // S3 answers a delete of a missing key with success, as the disk store does.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
}
