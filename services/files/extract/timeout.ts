// Parsers run on untrusted bytes; a promise that never settles must not hold an indexing job forever.
import { FileExtractError } from './types.js';

export const TOO_SLOW = 'The file took too long to read; it may be damaged or too complex.';

export async function withTimeout<T>(work: Promise<T>, ms: number, onTimeout?: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout?.();
      reject(new FileExtractError(TOO_SLOW));
    }, ms);
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}
