import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3TestServer } from '../../../../test-support/s3-server.ts';
import { loadConfig } from '../config.ts';
import { createFileStore, type FileStore } from './files.ts';

const collect = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return chunks;
};

// One S3-protocol server for the whole file; the disk store gets a temporary DATA_DIR.
let s3: S3TestServer;
let dataDir: string;
beforeAll(async () => {
  [s3, dataDir] = await Promise.all([startS3Server(), mkdtemp(path.join(tmpdir(), 'vb-files-'))]);
});
afterAll(async () => {
  await s3?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const stores: [string, () => FileStore][] = [
  ['local disk', () => createFileStore({ DATA_DIR: dataDir })],
  ['S3', () => createFileStore(loadConfig({ DATA_DIR: dataDir, ...s3.env }))],
];

/** What every file store does, whichever backs it: the modules only see this. */
describe.each(stores)('file store on %s', (_where, makeStore) => {
  let store: FileStore;
  beforeAll(() => {
    store = makeStore();
  });

  it('reads back the same bytes it saved, and replaces them', async () => {
    await store.saveFile('things/a-1.bin', new Uint8Array([1, 2, 3, 250]));
    expect(new Uint8Array((await store.readFile('things/a-1.bin'))!)).toEqual(new Uint8Array([1, 2, 3, 250]));
    await store.saveFile('things/a-1.bin', new Uint8Array([9]));
    expect(new Uint8Array((await store.readFile('things/a-1.bin'))!)).toEqual(new Uint8Array([9]));
  });

  it('streams a file in pieces, never as one buffer', async () => {
    const bytes = Buffer.alloc(1024 * 1024);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7) % 251;
    await store.saveFile('things/large.bin', bytes);
    const chunks = await collect((await store.openFile('things/large.bin'))!);
    expect(chunks.length).toBeGreaterThan(1);
    expect(Buffer.compare(Buffer.concat(chunks), bytes)).toBe(0);
  });

  it('answers null for a missing key, read or streamed', async () => {
    expect(await store.readFile('things/never.bin')).toBeNull();
    expect(await store.openFile('things/never.bin')).toBeNull();
  });

  it('deletes, and treats deleting a missing file as done', async () => {
    await store.saveFile('things/gone.png', new Uint8Array([4, 5]));
    await store.deleteFile('things/gone.png');
    expect(await store.readFile('things/gone.png')).toBeNull();
    await expect(store.deleteFile('things/never.bin')).resolves.toBeUndefined();
  });

  it.each(['../escape', 'a/../../b', '/etc/passwd', 'a/.hidden', 'a\\b', '', 'a//b'])(
    'refuses the key %j',
    async (key) => {
      await expect(store.saveFile(key, new Uint8Array([1]))).rejects.toThrow(/Invalid file key/);
      await expect(store.readFile(key)).rejects.toThrow(/Invalid file key/);
      await expect(store.openFile(key)).rejects.toThrow(/Invalid file key/);
      await expect(store.deleteFile(key)).rejects.toThrow(/Invalid file key/);
    },
  );
});

describe('where each store keeps files', () => {
  it('the disk store: under DATA_DIR/files, whole files only', async () => {
    await createFileStore({ DATA_DIR: dataDir }).saveFile('where/a-1.png', new Uint8Array([1]));
    expect(await readdir(path.join(dataDir, 'files', 'where'))).toEqual(['a-1.png']);
  });

  it('the S3 store: the same key in the bucket, with a content type, and nothing on disk', async () => {
    const store = createFileStore(loadConfig({ DATA_DIR: dataDir, ...s3.env }));
    await store.saveFile('where-s3/b-2.png', new Uint8Array([1, 2]));
    const client = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: s3.env.S3_ACCESS_KEY_ID!, secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY! },
    });
    const object = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'where-s3/b-2.png' }));
    expect(object.ContentType).toBe('image/png');
    expect([...(await object.Body!.transformToByteArray())]).toEqual([1, 2]);
    client.destroy();
    await expect(readdir(path.join(dataDir, 'files', 'where-s3'))).rejects.toThrow(/ENOENT/);
  });
});

describe('S3 configuration', () => {
  const s3Env = { S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };

  it('needs the bucket and both keys together', () => {
    expect(() => loadConfig({ S3_BUCKET: 'b-1' })).toThrow(/S3_ACCESS_KEY_ID.*\n.*S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(/S3_BUCKET/);
    expect(loadConfig(s3Env)).toMatchObject({ ...s3Env, S3_REGION: 'us-east-1' });
  });

  it('reads S3_FORCE_PATH_STYLE as a boolean, unset unless given', () => {
    expect(loadConfig(s3Env).S3_FORCE_PATH_STYLE).toBeUndefined();
    expect(loadConfig({ ...s3Env, S3_FORCE_PATH_STYLE: 'false' }).S3_FORCE_PATH_STYLE).toBe(false);
  });
});
