// Which passages of the pages an answer read become its sources. Each read page is cut by the one
// chunker (services/passages) and its passages are ranked against the question with Okapi BM25,
// the parameters and terms of the passage index (services/passages/search.ts, terms.ts), the
// statistics taken over the passages of these pages. Every result gives one source, in the
// search's order: its best passage, or its snippet when its page was not read or holds none of
// the question's words; the room left goes to the next-best passages, at most PER_PAGE a page.
import { BM25, chunkText, passageTerms, questionWords } from '../../passages/index.js';
import type { Passage } from '../types.js';

/** Passages cut from one page: about 50 KB of its text, far more than an answer quotes. */
export const CHUNKS_PER_PAGE = 40;
export const PER_PAGE = 2;
/** Web sources at most: one per result (6) and two more. */
export const MAX_WEB_SOURCES = 8;

export type ReadPage = { title: string; text: string };
/** A search result and its page's readable text, or null when the page could not be read. */
export type ResultPage = { result: Passage; page: ReadPage | null };

type Doc = { heading: string; content: string };

/** BM25 scores of the documents for the question, with statistics over these documents. */
export function bm25Scores(question: string, docs: readonly Doc[]): number[] {
  const words = [...new Set(questionWords(question).split(' ').filter(Boolean))];
  if (!words.length || !docs.length) return docs.map(() => 0);
  const counted = docs.map((d) => passageTerms(d.heading, d.content));
  const avgdl = Math.max(1, counted.reduce((n, c) => n + c.words, 0) / counted.length);
  const idf = new Map(
    words.map((w) => {
      const df = counted.filter((c) => c.counts.has(w)).length;
      return [w, Math.log(1 + (counted.length - df + 0.5) / (df + 0.5))] as const;
    }),
  );
  return counted.map((c) => {
    let score = 0;
    for (const w of words) {
      const tf = c.counts.get(w) ?? 0;
      if (tf) score += (idf.get(w)! * tf * (BM25.k1 + 1)) / (tf + BM25.k1 * (1 - BM25.b + (BM25.b * c.words) / avgdl));
    }
    return score;
  });
}

type Candidate = { result: number; ordinal: number; score: number; passage: Passage };

export function choosePassages(question: string, pages: readonly ResultPage[], max = MAX_WEB_SOURCES): Passage[] {
  const candidates: Candidate[] = pages.flatMap(({ result, page }, i) => {
    if (!page) return [];
    const title = page.title.trim() || result.title;
    return chunkText(page.text, title, CHUNKS_PER_PAGE).map(({ content, ordinal }) => ({
      result: i,
      ordinal,
      score: 0,
      passage: { ...result, title, heading: '', content },
    }));
  });
  const scores = bm25Scores(
    question,
    candidates.map((c) => ({ heading: c.passage.title, content: c.passage.content })),
  );
  for (const [i, c] of candidates.entries()) c.score = scores[i];
  const best = (a: Candidate, b: Candidate) => b.score - a.score || a.result - b.result || a.ordinal - b.ordinal;
  const relevant = candidates.filter((c) => c.score > 0).sort(best);

  const chosen: Array<Candidate | { result: number; ordinal: -1; passage: Passage }> = [];
  const taken = new Map<number, number>();
  pages.forEach(({ result }, i) => {
    const top = relevant.find((c) => c.result === i);
    chosen.push(top ?? { result: i, ordinal: -1, passage: result });
    taken.set(i, top ? 1 : PER_PAGE);
  });
  for (const c of relevant) {
    if (chosen.length >= max) break;
    const n = taken.get(c.result) ?? 0;
    if (n >= PER_PAGE || chosen.includes(c)) continue;
    taken.set(c.result, n + 1);
    chosen.push(c);
  }
  return chosen
    .slice(0, Math.max(max, 0))
    .sort((a, b) => a.result - b.result || a.ordinal - b.ordinal)
    .map((c) => c.passage);
}
