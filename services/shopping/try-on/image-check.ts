// What an image must be before it is sent to the image provider or kept: at most 10 MB, a PNG,
// JPEG, GIF or WebP by its bytes (not by its name), and at most 8192 pixels a side and 40
// megapixels in all, read from its header in a worker process: a decompression bomb (a small
// file that decodes to gigabytes) is refused before anything decodes it.
import { sharedWorkerPool, WorkerLimitError, type WorkerPool, workerJob } from '../../workers/index.js';
import { tryOnErrors } from './errors.js';
import type { TryOnImageHeader } from './image-header-job.js';

/** Seed 000 §9: the try-on image upload limit (10,485,760 bytes). */
export const TRY_ON_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const TRY_ON_MAX_SIDE = 8192;
export const TRY_ON_MAX_PIXELS = 40_000_000;

export const TRY_ON_IMAGE_TYPES = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' } as const;
export type TryOnImageType = keyof typeof TRY_ON_IMAGE_TYPES;
const isImageType = (t: string | null): t is TryOnImageType => t !== null && Object.hasOwn(TRY_ON_IMAGE_TYPES, t);

const job = workerJob<Uint8Array, TryOnImageHeader>(new URL('./image-header-job.ts', import.meta.url), 'readTryOnImageHeaderJob');
const pool = () => sharedWorkerPool('image-headers', { processes: 1, limits: { timeMs: 5_000, memoryMb: 128 } });

export type CheckedImage = { bytes: Buffer; type: TryOnImageType; contentType: string; width: number; height: number };

/** Whether the header's size is one the provider may decode: both sides known, within the limits. */
export function saneDimensions(width: number, height: number) {
  return width > 0 && height > 0 && width <= TRY_ON_MAX_SIDE && height <= TRY_ON_MAX_SIDE && width * height <= TRY_ON_MAX_PIXELS;
}

export async function checkImage(bytes: Buffer, workers: WorkerPool = pool()): Promise<CheckedImage> {
  if (bytes.byteLength > TRY_ON_IMAGE_MAX_BYTES) throw tryOnErrors.tooLarge();
  let header: TryOnImageHeader;
  try {
    header = await workers.run(job, new Uint8Array(bytes));
  } catch (error) {
    if (error instanceof WorkerLimitError) throw tryOnErrors.invalidImage();
    throw error;
  }
  const type = header && isImageType(header.type) ? header.type : null;
  if (!header || !type || !saneDimensions(header.width, header.height)) throw tryOnErrors.invalidImage();
  return { bytes, type, contentType: TRY_ON_IMAGE_TYPES[type], width: header.width, height: header.height };
}
