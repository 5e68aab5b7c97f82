// Reading an image's header as a worker job (see image-check.ts): image-size parses bytes anyone
// may upload or a provider may send, so it runs outside the process that answers requests.
// Whatever goes wrong comes back as a value: an error crossing to another process loses its class.
import { imageSize } from 'image-size';

export type TryOnImageHeader = { type: string | null; width: number; height: number } | null;

export function readTryOnImageHeaderJob(bytes: Uint8Array): TryOnImageHeader {
  try {
    const found = imageSize(bytes);
    return { type: found.type ?? null, width: found.width ?? 0, height: found.height ?? 0 };
  } catch {
    return null;
  }
}
