// A large put's postings (put-postings.ts): each row's keys end up exactly once, in its own keys
// or in the segment under the key, and the segment holds the keys more than ROW_KEYS_UP_TO rows
// of a statement hold, each with its rows' pids ascending.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { INT8_ELEMENT_BYTES } from './binary-arrays.js';
import { PutPostings, ROW_KEYS_UP_TO } from './put-postings.js';

const HEADER_BYTES = 20;

// A key as countRows writes it: length 8, then its two halves.
function keysBuffer(rows: bigint[][]): Buffer {
  const out = Buffer.alloc(rows.flat().length * INT8_ELEMENT_BYTES);
  let at = 0;
  for (const key of rows.flat()) {
    out.writeInt32BE(8, at);
    out.writeBigInt64BE(key, at + 4);
    at += INT8_ELEMENT_BYTES;
  }
  return out;
}

function readKeys(buffer: Buffer, from = 0): bigint[] {
  const out: bigint[] = [];
  for (let at = from; at < buffer.length; at += INT8_ELEMENT_BYTES) out.push(buffer.readBigInt64BE(at + 4));
  return out;
}

const readInt4s = (buffer: Buffer) => Array.from({ length: buffer.readInt32BE(12) }, (_, i) => buffer.readInt32BE(HEADER_BYTES + 8 * i + 4));

// Statements of rows, each row a set of keys drawn from a few (so some are held by many rows) and many.
const key = fc.oneof(fc.constantFrom(1n, -2n, 2n ** 40n, -(2n ** 63n)), fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }));
const statements = fc.array(fc.array(fc.uniqueArray(key, { maxLength: 8 }), { minLength: 1, maxLength: 30 }), { minLength: 1, maxLength: 4 });

test("every row's keys are its own or its segment's, exactly once; the segment's are those many of a statement's rows hold", () => {
  fc.assert(
    fc.property(statements, (put) => {
      const postings = new PutPostings();
      let pid = 1000;
      const expected = new Map<bigint, number[]>();
      const own: bigint[][] = [];
      for (const rows of put) {
        const pids = rows.map(() => (pid += 1 + (pid % 3)));
        const given = postings.add(
          keysBuffer(rows),
          rows.map((r) => r.length),
          pids,
        );
        const held = new Map<bigint, number>();
        for (const row of rows) for (const k of row) held.set(k, (held.get(k) ?? 0) + 1);
        let at = 0;
        for (const [i, row] of rows.entries()) {
          const mine = readKeys(given.keys.subarray(at * INT8_ELEMENT_BYTES, (at + given.keyCounts[i]) * INT8_ELEMENT_BYTES));
          at += given.keyCounts[i];
          expect(mine).toEqual(row.filter((k) => held.get(k)! <= ROW_KEYS_UP_TO));
          own.push(mine);
          for (const k of row) if (held.get(k)! > ROW_KEYS_UP_TO) expected.set(k, [...(expected.get(k) ?? []), pids[i]]);
        }
      }
      const segment = postings.segment();
      const keys = readKeys(segment.keys, HEADER_BYTES);
      const offsets = readInt4s(segment.offsets);
      const froms = readInt4s(segment.froms);
      const counts = readInt4s(segment.counts);
      expect(segment.keyCount).toBe(expected.size);
      const listed = new Map(keys.map((k, i) => [k, offsets.slice(froms[i] - 1, froms[i] - 1 + counts[i]).map((o) => segment.base + o)]));
      expect(listed).toEqual(expected);
      for (const pids of listed.values()) expect(pids).toEqual([...pids].sort((a, b) => a - b));
    }),
  );
});

test('a put with no key many rows hold has an empty segment', () => {
  const postings = new PutPostings();
  const given = postings.add(keysBuffer([[1n], [2n]]), [1, 1], [7, 8]);
  expect(given.keyCounts).toEqual([1, 1]);
  expect(postings.segment()).toMatchObject({ keyCount: 0, base: 0 });
});

test('a put past the first tables: thousands of keys and tens of thousands of postings, each listed once', () => {
  const postings = new PutPostings();
  // 3,000 rows: six keys shared by each four rows in a row (4,500 such keys, 18,000 postings), four of the row's own.
  const rows = Array.from({ length: 3000 }, (_, r) => [
    ...Array.from({ length: 6 }, (_, j) => BigInt(Math.floor(r / 4) * 6 + j)),
    ...[0, 1, 2, 3].map((j) => BigInt(-1 - (4 * r + j))),
  ]);
  let own = 0;
  for (let from = 0; from < rows.length; from += 500) {
    const slice = rows.slice(from, from + 500);
    const given = postings.add(
      keysBuffer(slice),
      slice.map((r) => r.length),
      slice.map((_, i) => 5000 + from + i),
    );
    own += given.keyCounts.reduce((n, c) => n + c, 0);
  }
  const segment = postings.segment();
  expect(own).toBe(3000 * 4);
  expect(segment.keyCount).toBe(4500);
  expect(readInt4s(segment.counts).reduce((n, c) => n + c, 0)).toBe(3000 * 6);
  expect(segment.base).toBe(5000);
});

test('pids too far apart for an int4 offset are refused, not wrapped', () => {
  const postings = new PutPostings();
  const rows = [[7n], [7n], [7n], [7n]];
  postings.add(
    keysBuffer(rows),
    rows.map((r) => r.length),
    [1, 2, 3, 2 ** 31 + 1],
  );
  expect(() => postings.segment()).toThrow(RangeError);
});
