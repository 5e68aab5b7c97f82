// Okapi BM25 over a search's candidates, scored here rather than in SQL: the database hands each
// candidate's terms that are among the search's words (a few lexemes of its tsvector, as text)
// and its length, and the scoring is a loop. Done in SQL, a lateral unnest, a join and a grouping
// a candidate made the search half as slow again as ts_rank_cd (tests/bench/shopping-catalogue.ts).
import { BM25 } from '../../passages/index.js';

/** The catalogue's size as BM25 reads it, and each search word's document frequency. */
export type CatalogueStats = { docs: number; words: number; df: Map<string, number> };

/** A candidate: its id, its words, and its terms among the search's words as tsvector text (`'jacket':1A,5A 'red':2A`). */
export type Candidate = { product_id: string; word_count: number; terms: string };

const LEXEME = /'((?:''|[^'])*)'(?::([0-9A-D,]+))?/g;

/** Each lexeme of a tsvector's text with how often it occurs (its positions; 1 without any). */
export function termFrequencies(tsvectorText: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of tsvectorText.matchAll(LEXEME)) out.set(m[1].replace(/''/g, "'").replace(/\\\\/g, '\\'), m[2] ? m[2].split(',').length : 1);
  return out;
}

/** Each candidate's BM25 score for the words, with the passages' k1 and b. */
export function bm25Scores(candidates: Candidate[], stats: CatalogueStats): { product_id: string; score: number }[] {
  const docs = Math.max(stats.docs, 1);
  const avgdl = Math.max(stats.words / docs, 1);
  const idf = new Map([...stats.df].map(([term, df]) => [term, Math.log(1 + (docs - df + 0.5) / (df + 0.5))]));
  return candidates.map((c) => {
    const norm = BM25.k1 * (1 - BM25.b + (BM25.b * c.word_count) / avgdl);
    let score = 0;
    for (const [term, f] of termFrequencies(c.terms)) score += ((idf.get(term) ?? 0) * f * (BM25.k1 + 1)) / (f + norm);
    return { product_id: c.product_id, score };
  });
}

/** The best `limit`, best first; ties to the smaller product id, so the same search ranks the same way. */
export function bestOf<T extends { product_id: string; score: number }>(scored: T[], limit: number): T[] {
  return [...scored].sort((a, b) => b.score - a.score || (a.product_id < b.product_id ? -1 : a.product_id > b.product_id ? 1 : 0)).slice(0, limit);
}
