// Jobs the pool's tests run in workers: one that answers, one that throws, one that never ends,
// one that wants ever more memory.
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

export const bytesLength = (bytes: Uint8Array): number => bytes.byteLength;
