// What one statement of passages needs of their terms (write.ts): each row's tsvector in binary
// form and its words, and how many of the rows hold each term, for the statistics. Counted here
// for a few rows, or in the passages' worker processes (count-terms-job.ts) for a large put.
import { StatementTerms } from './statement-terms.js';

export type RowText = { heading: string; content: string };

/**
 * `elements`: the rows' tsvectors as tsvectorArrayOf takes them; `terms` and `counts`: each term
 * of the rows (space-separated) and how many rows hold it (comma-separated), as
 * passage_stat_changes stores them (the folder adds repeated terms up).
 */
export type CountedRows = { elements: Uint8Array; words: number[]; docs: number; totalWords: number; terms: string; counts: string };

export function countRows(rows: RowText[]): CountedRows {
  const terms = new StatementTerms();
  const words = rows.map((r) => terms.addRow(r.heading, r.content));
  return {
    elements: terms.tsvectorElements(),
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
