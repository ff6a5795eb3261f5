import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileStore, type FileStore } from './files.ts';

describe('local file store', () => {
  let dataDir: string;
  let store: FileStore;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'vb-files-'));
    store = createFileStore({ DATA_DIR: dataDir });
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('saves under DATA_DIR/files, reads back the same bytes and deletes', async () => {
    const bytes = new Uint8Array([1, 2, 3, 250]);
    await store.saveFile('things/a-1.bin', bytes);
    expect(await readdir(path.join(dataDir, 'files', 'things'))).toEqual(['a-1.bin']);
    expect(new Uint8Array((await store.readFile('things/a-1.bin'))!)).toEqual(bytes);
    await store.deleteFile('things/a-1.bin');
    expect(await store.readFile('things/a-1.bin')).toBeNull();
  });

  it('treats deleting a missing file as done', async () => {
    await expect(store.deleteFile('things/never.bin')).resolves.toBeUndefined();
  });

  it.each(['../escape', 'a/../../b', '/etc/passwd', 'a/.hidden', 'a\\b', '', 'a//b'])(
    'refuses the key %j',
    async (key) => {
      await expect(store.saveFile(key, new Uint8Array([1]))).rejects.toThrow(/Invalid file key/);
      await expect(store.readFile(key)).rejects.toThrow(/Invalid file key/);
    },
  );
});
