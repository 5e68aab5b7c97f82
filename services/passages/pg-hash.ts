// PostgreSQL's hashtextextended() (src/common/hashfn.c, hash_bytes_extended: Bob Jenkins' lookup3
// with a 64-bit seed) over UTF-8 bytes, so that the passages' worker processes compute a row's
// index keys (read-keys.ts) exactly as passage_key() does in the database for a search. A 64-bit
// value travels as two unsigned 32-bit halves: BigInt arithmetic costs a microsecond a key.

/** A 64-bit value as its high and low unsigned 32-bit halves. */
export type Hash64 = { hi: number; lo: number };

const rot = (x: number, k: number) => (x << k) | (x >>> (32 - k));

/** Reads a little-endian 32-bit word of up to `n` bytes from `at` (lookup3's tail, shortened). */
function word(bytes: Uint8Array, at: number, n: number): number {
  let w = 0;
  for (let i = n - 1; i >= 0; i--) w = (w << 8) | bytes[at + i];
  return w;
}

/** hash_bytes_extended(bytes[start, end), seed): the value hashtextextended gives, as two halves. */
export function hashBytesExtended(bytes: Uint8Array, start: number, end: number, seed: Hash64): Hash64 {
  let len = end - start;
  let a = (0x9e3779b9 + len + 3923095) | 0;
  let b = a;
  let c = a;
  // mix(a, b, c) and final(a, b, c) written out: the hot loop of a file's index keys.
  if (seed.hi !== 0 || seed.lo !== 0) {
    a = (a + seed.hi) | 0;
    b = (b + seed.lo) | 0;
    ({ a, b, c } = mix(a, b, c));
  }
  let k = start;
  while (len >= 12) {
    a = (a + word(bytes, k, 4)) | 0;
    b = (b + word(bytes, k + 4, 4)) | 0;
    c = (c + word(bytes, k + 8, 4)) | 0;
    ({ a, b, c } = mix(a, b, c));
    k += 12;
    len -= 12;
  }
  // The last 11 bytes: c's lowest byte is left out (lookup3 reserves it for the length).
  if (len > 8) c = (c + (word(bytes, k + 8, len - 8) << 8)) | 0;
  if (len > 4) b = (b + word(bytes, k + 4, Math.min(len - 4, 4))) | 0;
  if (len > 0) a = (a + word(bytes, k, Math.min(len, 4))) | 0;
  c ^= b;
  c = (c - rot(b, 14)) | 0;
  a ^= c;
  a = (a - rot(c, 11)) | 0;
  b ^= a;
  b = (b - rot(a, 25)) | 0;
  c ^= b;
  c = (c - rot(b, 16)) | 0;
  a ^= c;
  a = (a - rot(c, 4)) | 0;
  b ^= a;
  b = (b - rot(a, 14)) | 0;
  c ^= b;
  c = (c - rot(b, 24)) | 0;
  return { hi: b >>> 0, lo: c >>> 0 };
}

function mix(a: number, b: number, c: number) {
  a = (a - c) | 0;
  a ^= rot(c, 4);
  c = (c + b) | 0;
  b = (b - a) | 0;
  b ^= rot(a, 6);
  a = (a + c) | 0;
  c = (c - b) | 0;
  c ^= rot(b, 8);
  b = (b + a) | 0;
  a = (a - c) | 0;
  a ^= rot(c, 16);
  c = (c + b) | 0;
  b = (b - a) | 0;
  b ^= rot(a, 19);
  a = (a + c) | 0;
  c = (c - b) | 0;
  c ^= rot(b, 4);
  b = (b + a) | 0;
  return { a, b, c };
}

const NO_SEED: Hash64 = { hi: 0, lo: 0 };

/** hashtextextended(text, seed) for a text in UTF-8 (the database's encoding). */
export function hashTextExtended(text: string, seed: Hash64 = NO_SEED): Hash64 {
  const bytes = Buffer.from(text, 'utf8');
  return hashBytesExtended(bytes, 0, bytes.length, seed);
}

/** A hash as the signed bigint PostgreSQL shows. */
export function asInt8(h: Hash64): bigint {
  return BigInt.asIntN(64, (BigInt(h.hi) << 32n) | BigInt(h.lo));
}
