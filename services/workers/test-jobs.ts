// Jobs the pool's tests run in workers: one that answers, one that throws, one that never ends,
// ones that want ever more memory, one that crashes its process.
export const double = (n: number): number => n * 2;

export function refuse(message: string): never {
  throw new Error(message);
}

export function spin(): never {
  for (;;);
}

export function hoard(): never {
  const kept: string[][] = [];
  for (let i = 0; ; i++) kept.push(Array.from({ length: 10_000 }, (_, j) => `${i}:${j}`));
}

/** One array grown without end: in a worker thread this aborts the whole process (nodejs/node#47224). */
export function growOneArray(): never {
  const kept: number[] = [];
  for (let i = 0; ; i++) kept.push(i);
}

export function crash(): never {
  process.abort();
}

export const bytesLength = (bytes: Uint8Array): number => bytes.byteLength;
