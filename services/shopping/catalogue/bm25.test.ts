// BM25 over a search's candidates (bm25.ts): the terms read back from tsvector text as PostgreSQL
// writes it, and each score Okapi BM25 with the passages' k1 and b.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { BM25 } from '../../passages/index.js';
import { bestOf, bm25Scores, termFrequencies } from './bm25.js';

/** A tsvector's text as tsvectorout writes it: quotes doubled, backslashes doubled, positions weighted A. */
const tsvectorText = (counts: Map<string, number>) =>
  [...counts].map(([t, n]) => `'${t.replace(/\\/g, '\\\\').replace(/'/g, "''")}':${Array.from({ length: n }, (_, i) => `${i + 1}A`).join(',')}`).join(' ');

test('each lexeme comes back with as many occurrences as it has positions', () => {
  fc.assert(
    fc.property(
      fc.uniqueArray(fc.tuple(fc.string({ minLength: 1, maxLength: 8 }), fc.integer({ min: 1, max: 5 })), { selector: ([t]) => t, maxLength: 6 }),
      (pairs) => {
        const counts = new Map(pairs);
        expect(termFrequencies(tsvectorText(counts))).toEqual(counts);
      },
    ),
  );
  expect(termFrequencies("'kettle' 'red':3")).toEqual(
    new Map([
      ['kettle', 1],
      ['red', 1],
    ]),
  );
  expect(termFrequencies('')).toEqual(new Map());
});

test('a score is Okapi BM25 of the words the candidate holds; the best come first, ties to the smaller id', () => {
  const stats = {
    docs: 10,
    words: 100,
    df: new Map([
      ['jacket', 4],
      ['red', 1],
    ]),
  };
  const [a, b, c] = bm25Scores(
    [
      { product_id: 'b', word_count: 10, terms: "'jacket':1A,4A 'red':2A" },
      { product_id: 'a', word_count: 20, terms: "'jacket':1A" },
      { product_id: 'c', word_count: 20, terms: "'jacket':7A" },
    ],
    stats,
  );
  const idf = (df: number) => Math.log(1 + (10 - df + 0.5) / (df + 0.5));
  const part = (df: number, f: number, dl: number) => (idf(df) * f * (BM25.k1 + 1)) / (f + BM25.k1 * (1 - BM25.b + (BM25.b * dl) / 10));
  expect(a.score).toBeCloseTo(part(4, 2, 10) + part(1, 1, 10), 12);
  expect(b.score).toBeCloseTo(part(4, 1, 20), 12);
  expect(bestOf([b, c, a], 2).map((x) => x.product_id)).toEqual(['b', 'a']);
});
