// A fake S3 endpoint (s3rver) on 127.0.0.1 at a random port, with its bytes in a temporary
// folder, for tests only. It accepts presigned POST uploads but does not check their policy:
// the policy itself is checked by sigv4-post.ts's tests.
import { createRequire } from 'node:module';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';

// s3rver ships no types; this is the part of it the tests use.
type S3rverInstance = { run(): Promise<AddressInfo>; close(): Promise<void> };
type S3rverOptions = {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  vhostBuckets: boolean;
  configureBuckets: { name: string }[];
};
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: S3rverOptions) => S3rverInstance;

/** The one key pair s3rver knows (it checks signatures made with it). */
export const fakeS3Credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export async function startFakeS3(bucket: string) {
  const directory = await mkdtemp(join(tmpdir(), 'ae-test-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, vhostBuckets: false, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    ...fakeS3Credentials,
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
