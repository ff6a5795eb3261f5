import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A real S3-protocol server for tests (s3rver: the S3 REST API with SigV4 checks, objects on a
 * temporary folder), so the S3 file store is tested against the protocol and not a mock.
 * One per test file; `env` is the configuration that points vbuilder at it.
 */
export interface S3TestServer {
  endpoint: string;
  bucket: string;
  env: Record<string, string>;
  close(): Promise<void>;
}

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rverInstance;

// s3rver ships no type declarations: loaded through require and typed by the few calls used here.
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

/** s3rver's only account. */
const ACCESS_KEY = 'S3RVER';

export async function startS3Server(bucket = 'vbuilder-test'): Promise<S3TestServer> {
  const directory = await mkdtemp(path.join(tmpdir(), 'vb-s3rver-'));
  // Port 0: the system picks a free one and run() reports it (no window for another process to
  // take it, as there is between free-port.ts's probe and a listen; lint keeps test-support files apart).
  // configureBuckets creates the bucket before run() resolves.
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
    },
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
