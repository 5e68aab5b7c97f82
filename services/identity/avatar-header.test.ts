import { afterAll, expect, test, vi } from 'vitest';
import { createWorkerPool, WorkerLimitError, type WorkerPool } from '../workers/index.js';
import { AVATAR_JOB_LIMITS, AVATAR_MAX_BYTES, readAvatarHeader } from './avatar-header.js';

// The parser must never run in this process (the request thread): here it throws if it does.
vi.mock('image-size', () => ({
  imageSize: () => {
    throw new Error('image-size ran on the request thread');
  },
}));

const pool = createWorkerPool({ processes: 1, limits: AVATAR_JOB_LIMITS });
afterAll(() => pool.close());

/** The first bytes of a PNG: its signature and the IHDR chunk with width and height. */
function pngHeader(width: number, height: number) {
  const bytes = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes, 0);
  bytes.writeUInt32BE(13, 8);
  bytes.write('IHDR', 12, 'ascii');
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  bytes.set([8, 6, 0, 0, 0], 24);
  return bytes;
}

const refusal = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (error: unknown) => (error as { code?: string }).code ?? String(error),
  );
const failingPool = (error: Error): WorkerPool => ({ run: () => Promise.reject(error), close: async () => {} });

test("a picture's header is read in a worker process, never by this one", async () => {
  expect(await readAvatarHeader(pngHeader(640, 480), pool)).toEqual({ type: 'png', width: 640, height: 480 });
});

test('bytes that are no picture are refused as invalid_avatar', async () => {
  expect(await refusal(readAvatarHeader(Buffer.from('<svg onload="alert(1)"></svg>'), pool))).toBe('invalid_avatar');
});

test('more bytes than the limit are refused before any worker reads them', async () => {
  const run = vi.fn();
  const counting: WorkerPool = { run, close: async () => {} };
  expect(await refusal(readAvatarHeader(new Uint8Array(AVATAR_MAX_BYTES + 1), counting))).toBe('invalid_avatar');
  expect(run).not.toHaveBeenCalled();
});

test('a picture whose reading runs past the time or memory limit is refused as invalid_avatar', async () => {
  expect(await refusal(readAvatarHeader(pngHeader(1, 1), failingPool(new WorkerLimitError('time', AVATAR_JOB_LIMITS))))).toBe('invalid_avatar');
  expect(await refusal(readAvatarHeader(pngHeader(1, 1), failingPool(new WorkerLimitError('memory', AVATAR_JOB_LIMITS))))).toBe('invalid_avatar');
});

test('a worker that fails for another reason is not passed off as a bad picture', async () => {
  expect(await refusal(readAvatarHeader(pngHeader(1, 1), failingPool(new Error('pool closed'))))).toBe('Error: pool closed');
});
