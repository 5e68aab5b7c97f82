// What one statement of passages needs of their terms (write.ts): each row's tsvector in binary
// form, its index keys and its words, and how many of the rows hold each term, for the
// statistics. Counted here for a few rows, or in the passages' worker processes
// (count-terms-job.ts) for a large put.
import type { Hash64 } from './pg-hash.js';
import { StatementTerms } from './statement-terms.js';

export type RowText = { heading: string; content: string };
/** Rows of the same readers, and the seeds of their statistics keys (read-keys.ts keySeeds). */
export type RowsToCount = { rows: RowText[]; seeds: Hash64[] };

/**
 * `elements`: the rows' tsvectors as tsvectorArrayOf takes them; `keys`: their index keys as
 * int8ArrayOf takes them, `keyCounts` of them a row; `terms` and `counts`: each term
 * of the rows (space-separated) and how many rows hold it (comma-separated), as
 * passage_stat_changes stores them (the folder adds repeated terms up).
 */
export type CountedRows = {
  elements: Uint8Array;
  keys: Uint8Array;
  keyCounts: number[];
  words: number[];
  docs: number;
  totalWords: number;
  terms: string;
  counts: string;
};

export function countRows({ rows, seeds }: RowsToCount): CountedRows {
  const terms = new StatementTerms();
  const words = rows.map((r) => terms.addRow(r.heading, r.content));
  return {
    elements: terms.tsvectorElements(),
    ...terms.readKeys(seeds),
    words,
    docs: rows.length,
    totalWords: words.reduce((n, w) => n + w, 0),
    ...terms.documentFrequencies(),
  };
}

/** Several statements' statistics as one change: terms repeated across them are added up by the folder. */
export function joinCounts(parts: CountedRows[]): Pick<CountedRows, 'docs' | 'totalWords' | 'terms' | 'counts'> {
  const withTerms = parts.filter((p) => p.terms.length > 0);
  return {
    docs: parts.reduce((n, p) => n + p.docs, 0),
    totalWords: parts.reduce((n, p) => n + p.totalWords, 0),
    terms: withTerms.map((p) => p.terms).join(' '),
    counts: withTerms.map((p) => p.counts).join(','),
  };
}
