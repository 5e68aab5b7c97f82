// A passage's terms, counted here rather than by PostgreSQL's text parser: runs of letters and
// digits in lower case (the tokens of plain BM25, and of the questions), the heading twice as
// BM25F weighs a title. Counting them in the app costs a fraction of `to_tsvector` in the
// database, and hands the write its term statistics ready-made (write.ts), so the database only
// stores rows. The tsvector goes to PostgreSQL in its binary form (tsvectorrecv): nothing to parse.
import { wordCount } from './text.js';

const WORD = /[\p{L}\p{N}]+/gu;
const NON_ASCII = /[\u0080-\uffff]/;

/**
 * Longer words are not terms: a lexeme holds at most 2,047 bytes, and 682 UTF-16 units are at
 * most 2,046 bytes in UTF-8. No question asks for one.
 */
export const MAX_TERM_LENGTH = 682;
/** PostgreSQL keeps at most this many positions of a lexeme (MAXNUMPOS), so a term counts at most this often in a passage. */
export const MAX_TERM_COUNT = 256;

const ASCII_WORD = /[a-z0-9]+/g;

/** Calls `found` with each of the text's terms in order; returns how many words it has (wordCount's figure). */
export function eachTerm(text: string, found: (term: string) => void): number {
  if (NON_ASCII.test(text)) {
    for (const m of text.toLowerCase().matchAll(WORD)) if (m[0].length <= MAX_TERM_LENGTH) found(m[0]);
    return wordCount(text);
  }
  // ASCII only (most text): the same terms through a pattern without Unicode classes, faster.
  const words = text.toLowerCase().match(ASCII_WORD) ?? [];
  for (const w of words) if (w.length <= MAX_TERM_LENGTH) found(w);
  return words.length;
}

/** The text's terms in order, repeats included. */
export function termsOf(text: string): string[] {
  const out: string[] = [];
  eachTerm(text, (t) => out.push(t));
  return out;
}

/**
 * How often each term occurs in a passage (its heading twice, then its content), and how many
 * words it has so counted, for BM25's length normalisation.
 */
export function passageTerms(heading: string, content: string): { counts: Map<string, number>; words: number } {
  const counts = new Map<string, number>();
  const add = (term: string) => counts.set(term, (counts.get(term) ?? 0) + 1);
  const headingWords = eachTerm(heading, add);
  eachTerm(heading, add);
  return { counts, words: 2 * headingWords + eachTerm(content, add) };
}

const TSVECTOR_OID = 3614;
const ARRAY_HEADER_BYTES = 20;

/**
 * One parameter of many rows: a tsvector[] in PostgreSQL's binary array form (array_recv) whose
 * elements are in tsvector's binary form (tsvectorrecv), each lexeme with positions 1..count (at
 * most MAX_TERM_COUNT): the count is what BM25 reads. The lexemes go sorted, in UTF-16 order,
 * which is PostgreSQL's (UTF-8 bytes) for every term within the Basic Multilingual Plane;
 * tsvectorrecv sorts only what comes out of order. Sorted here (in the passages' worker
 * processes), the database's share of a 10 MB CSV's rows took 6.3 ms a statement of 500 to
 * bind instead of 12.1 ms, off the one database connection a file's transaction runs on.
 */
export function tsvectorArrayBytes(rows: Map<string, number>[]): Buffer {
  return tsvectorArrayOf(rows.length, tsvectorElements(rows));
}

/** The array around `count` elements made by tsvectorElements (one buffer, or several in order). */
export function tsvectorArrayOf(count: number, elements: Uint8Array | Uint8Array[]): Buffer {
  const header = Buffer.allocUnsafe(ARRAY_HEADER_BYTES);
  header.writeInt32BE(1, 0); // dimensions
  header.writeInt32BE(0, 4); // no nulls
  header.writeUInt32BE(TSVECTOR_OID, 8);
  header.writeInt32BE(count, 12);
  header.writeInt32BE(1, 16); // lower bound
  return Buffer.concat([header, ...(Array.isArray(elements) ? elements : [elements])]);
}

/**
 * What follows a lexeme's bytes in tsvector's binary form: its end (NUL), then how many positions
 * and the positions 1..count, at most MAX_TERM_COUNT. Where the next lexeme goes.
 */
export function writePositions(out: Buffer, at: number, count: number): number {
  const n = Math.min(count, MAX_TERM_COUNT);
  out[at] = 0;
  out[at + 1] = n >> 8;
  out[at + 2] = n & 255;
  at += 3;
  for (let p = 1; p <= n; p++, at += 2) {
    out[at] = p >> 8;
    out[at + 1] = p & 255;
  }
  return at;
}

/** The rows' tsvectors in binary form, each after its length: the elements of tsvectorArrayOf. */
export function tsvectorElements(rows: Map<string, number>[]): Buffer {
  // At most 3 bytes a UTF-16 unit in UTF-8; the buffer is cut to what was written.
  let bound = 0;
  for (const counts of rows) {
    bound += 8;
    for (const [term, n] of counts) bound += 3 * term.length + 3 + 2 * Math.min(n, MAX_TERM_COUNT);
  }
  const out = Buffer.allocUnsafe(bound);
  let at = 0;
  for (const counts of rows) {
    const start = at;
    at = out.writeInt32BE(counts.size, at + 4);
    for (const term of [...counts.keys()].sort()) {
      const count = counts.get(term)!;
      at += out.write(term, at, 'utf8');
      at = writePositions(out, at, count);
    }
    out.writeInt32BE(at - start - 4, start);
  }
  return out.subarray(0, at);
}
