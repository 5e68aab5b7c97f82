// An uploaded picture's type and size, read from its header in a worker process with a size, time
// and memory limit (services/workers): a hostile file costs a worker, never the request thread.
import { sharedWorkerPool, WorkerLimitError, type WorkerLimits, type WorkerPool, workerJob } from '../workers/index.js';
import type { AvatarHeader } from './avatar-header-job.js';
import { identityErrors } from './errors.js';

/** The largest picture taken; its storage size is checked before it is read, its bytes again here. */
export const AVATAR_MAX_BYTES = 10 * 1024 * 1024;
/** A header is read in microseconds; a file that keeps the parser busy longer is refused. */
export const AVATAR_JOB_LIMITS: WorkerLimits = { timeMs: 5_000, memoryMb: 128 };

const job = workerJob<Uint8Array, AvatarHeader>(new URL('./avatar-header-job.ts', import.meta.url), 'readAvatarHeaderJob');

const avatarPool = () => sharedWorkerPool('image-headers', { processes: 1, limits: AVATAR_JOB_LIMITS });

/** The picture's header, or `invalid_avatar` when it is too big, unreadable, or past a limit. */
export async function readAvatarHeader(bytes: Uint8Array, pool: WorkerPool = avatarPool()): Promise<NonNullable<AvatarHeader>> {
  if (bytes.byteLength > AVATAR_MAX_BYTES) throw identityErrors.invalidAvatar();
  let header: AvatarHeader;
  try {
    header = await pool.run(job, bytes);
  } catch (error) {
    if (error instanceof WorkerLimitError) throw identityErrors.invalidAvatar();
    throw error;
  }
  if (!header) throw identityErrors.invalidAvatar();
  return header;
}
