// What one statement of passages needs of their terms (write.ts): each row's tsvector in binary
// form and its words, and how many of the rows hold each term, for the statistics. Counted here
// for a few rows, or in the passages' worker processes (count-terms-job.ts) for a large put.
import { passageTerms, tsvectorElements } from './terms.js';

export type RowText = { heading: string; content: string };

/**
 * `elements`: the rows' tsvectors as tsvectorArrayOf takes them; `terms` and `counts`: each term
 * of the rows (space-separated) and how many rows hold it (comma-separated), as
 * passage_stat_changes stores them (the folder adds repeated terms up).
 */
export type CountedRows = { elements: Uint8Array; words: number[]; docs: number; totalWords: number; terms: string; counts: string };

export function countRows(rows: RowText[]): CountedRows {
  const counted = rows.map((r) => passageTerms(r.heading, r.content));
  const df = new Map<string, number>();
  let totalWords = 0;
  for (const { counts, words } of counted) {
    totalWords += words;
    for (const term of counts.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  }
  return {
    elements: tsvectorElements(counted.map((c) => c.counts)),
    words: counted.map((c) => c.words),
    docs: rows.length,
    totalWords,
    terms: [...df.keys()].join(' '),
    counts: [...df.values()].join(','),
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
