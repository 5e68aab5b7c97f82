// A large put's postings (migration 0081): for each index key of its rows (read-keys.ts), the
// pids of the rows that hold it, gathered here as the put's statements are written and stored at
// its end as one segment, a row per key (write.ts). A segment written in one go replaces the GIN
// index's per-row entries: a batch of ten 5 MB CSVs wrote some 6.8 million GIN entries twice (the
// pending list, then its merge), about 40% of its WAL. A key few rows of a statement hold (a
// number, a name) stays in those rows' own keys, for the GIN index: a segment's row costs about
// as much as four postings in the GIN index, and 258,290 of a batch's 339,450 keys of ten
// segments had one posting.
import { INT8_ELEMENT_BYTES as ELEMENT_BYTES, int4ArrayBytes, int8ArrayOf } from './binary-arrays.js';

export type SegmentPostings = {
  /** The distinct keys, as int8ArrayOf's array. */
  keys: Buffer;
  /** The segment's first pid, from which `offsets` count. */
  base: number;
  /** Every key's pids, ascending, one after the other, as an int4 array of offsets from `base`. */
  offsets: Buffer;
  /** Where each key's offsets start in `offsets` (1-based) and how many they are. */
  froms: Buffer;
  counts: Buffer;
  keyCount: number;
};

/** A key held by at most this many rows of a statement stays in the rows' own keys. */
export const ROW_KEYS_UP_TO = 3;

/** A statement's rows' own keys: as int8ArrayOf's elements, `keyCounts` of them a row. */
export type RowKeys = { keys: Buffer; keyCounts: number[] };

export class PutPostings {
  private keyHi = new Uint32Array(1024);
  private keyLo = new Uint32Array(1024);
  private distinct = 0;
  // Open addressing: a slot holds its key's index + 1, 0 when free.
  private slots = new Int32Array(2048);
  private postingKey = new Int32Array(16384);
  private postingPid = new Float64Array(16384);
  private postings = 0;

  /**
   * A statement's rows (of the same readers): their keys as countRows gives them (`keyCounts` a
   * row), and their pids. The keys more than ROW_KEYS_UP_TO of them hold go in the segment; the
   * others are given back, the rows' own.
   */
  add(keys: Uint8Array, keyCounts: readonly number[], pids: readonly number[]): RowKeys {
    const view = new DataView(keys.buffer, keys.byteOffset, keys.byteLength);
    const held = statementCounts(view, keys.byteLength / ELEMENT_BYTES);
    const own = Buffer.allocUnsafe(keys.byteLength);
    const ownCounts: number[] = [];
    let at = 0;
    let ownAt = 0;
    for (let row = 0; row < keyCounts.length; row++) {
      const pid = pids[row];
      let ownCount = 0;
      for (let n = keyCounts[row]; n > 0; n--, at += ELEMENT_BYTES) {
        if (held.countAt(at / ELEMENT_BYTES) <= ROW_KEYS_UP_TO) {
          own.set(keys.subarray(at, at + ELEMENT_BYTES), ownAt);
          ownAt += ELEMENT_BYTES;
          ownCount++;
          continue;
        }
        const key = this.keyIndex(view.getUint32(at + 4), view.getUint32(at + 8));
        if (this.postings === this.postingKey.length) this.growPostings();
        this.postingKey[this.postings] = key;
        this.postingPid[this.postings++] = pid;
      }
      ownCounts.push(ownCount);
    }
    return { keys: own.subarray(0, ownAt), keyCounts: ownCounts };
  }

  /** The segment: each key's pids in the order they were added (pids are reserved ascending). */
  segment(): SegmentPostings {
    const counts = new Int32Array(this.distinct);
    for (let i = 0; i < this.postings; i++) counts[this.postingKey[i]]++;
    const froms = new Int32Array(this.distinct);
    for (let k = 1; k < this.distinct; k++) froms[k] = froms[k - 1] + counts[k - 1];
    const next = froms.slice();
    let base = Number.POSITIVE_INFINITY;
    let last = 0;
    for (let i = 0; i < this.postings; i++) {
      base = Math.min(base, this.postingPid[i]);
      last = Math.max(last, this.postingPid[i]);
    }
    // The put's pids were reserved together: their distances fit an int4 by far, but an Int32Array would wrap, not refuse.
    if (last - base > 0x7fffffff) throw new RangeError(`a segment's pids span ${last - base}, more than an int4 offset holds`);
    const offsets = new Int32Array(this.postings);
    for (let i = 0; i < this.postings; i++) offsets[next[this.postingKey[i]]++] = this.postingPid[i] - base;
    const keys = Buffer.allocUnsafe(this.distinct * ELEMENT_BYTES);
    for (let k = 0, at = 0; k < this.distinct; k++) {
      at = keys.writeInt32BE(8, at);
      at = keys.writeUInt32BE(this.keyHi[k], at);
      at = keys.writeUInt32BE(this.keyLo[k], at);
    }
    return {
      keys: int8ArrayOf(this.distinct, keys),
      base: this.postings ? base : 0,
      offsets: int4ArrayBytes(offsets),
      froms: int4ArrayBytes(froms.map((f) => f + 1)),
      counts: int4ArrayBytes(counts),
      keyCount: this.distinct,
    };
  }

  private keyIndex(hi: number, lo: number): number {
    const mask = this.slots.length - 1;
    // The keys are hashes already: their low half spreads them.
    for (let s = (lo ^ hi) & mask; ; s = (s + 1) & mask) {
      const held = this.slots[s];
      if (held === 0) {
        const index = this.distinct++;
        if (index === this.keyHi.length) this.growKeys();
        this.keyHi[index] = hi;
        this.keyLo[index] = lo;
        this.slots[s] = index + 1;
        if (this.distinct * 2 > this.slots.length) this.rehash();
        return index;
      }
      if (this.keyLo[held - 1] === lo && this.keyHi[held - 1] === hi) return held - 1;
    }
  }

  private rehash() {
    const slots = new Int32Array(this.slots.length * 2);
    const mask = slots.length - 1;
    for (let k = 0; k < this.distinct; k++) {
      let s = (this.keyLo[k] ^ this.keyHi[k]) & mask;
      while (slots[s] !== 0) s = (s + 1) & mask;
      slots[s] = k + 1;
    }
    this.slots = slots;
  }

  private growKeys() {
    this.keyHi = doubled(this.keyHi);
    this.keyLo = doubled(this.keyLo);
  }

  private growPostings() {
    this.postingKey = doubled(this.postingKey);
    this.postingPid = doubled(this.postingPid);
  }
}

/** How many rows of a statement hold each of its keys (a row holds a key once), by the key's place among them. */
function statementCounts(view: DataView, total: number) {
  let size = 16;
  while (size < total * 2) size *= 2;
  const mask = size - 1;
  const slots = new Int32Array(size).fill(-1);
  const counts = new Int32Array(size);
  const slotOf = new Int32Array(total);
  for (let i = 0; i < total; i++) {
    const at = i * ELEMENT_BYTES;
    const hi = view.getUint32(at + 4);
    const lo = view.getUint32(at + 8);
    let s = (lo ^ hi) & mask;
    for (;;) {
      const first = slots[s];
      if (first === -1) {
        slots[s] = i;
        break;
      }
      if (view.getUint32(first * ELEMENT_BYTES + 8) === lo && view.getUint32(first * ELEMENT_BYTES + 4) === hi) break;
      s = (s + 1) & mask;
    }
    counts[s]++;
    slotOf[i] = s;
  }
  return { countAt: (i: number) => counts[slotOf[i]] };
}

/** A typed array twice as long, its elements kept. */
function doubled<T extends Uint32Array | Int32Array | Float64Array>(array: T): T {
  const grown = new (array.constructor as new (length: number) => T)(array.length * 2);
  grown.set(array);
  return grown;
}
