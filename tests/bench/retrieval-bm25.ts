// Plain Okapi BM25, in process: the textbook baseline the retrieval bench compares our ranking
// with. Tokens are runs of letters and digits, lower case; no stemming, no stop words.
export type Bm25Doc = { id: string; text: string };

const K1 = 1.2;
const B = 0.75;

const tokens = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

export function bm25Index(docs: Bm25Doc[]) {
  const tf = docs.map((d) => {
    const counts = new Map<string, number>();
    for (const t of tokens(d.text)) counts.set(t, (counts.get(t) ?? 0) + 1);
    return counts;
  });
  const lengths = docs.map((d) => tokens(d.text).length);
  const avgdl = lengths.reduce((a, b) => a + b, 0) / Math.max(docs.length, 1);
  const df = new Map<string, number>();
  for (const counts of tf) for (const t of counts.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  const idf = (t: string) => Math.log(1 + (docs.length - (df.get(t) ?? 0) + 0.5) / ((df.get(t) ?? 0) + 0.5));

  /** The ids of the best `k` documents, best first, ties to the smaller id. */
  return (question: string, k: number): string[] => {
    const terms = [...new Set(tokens(question))];
    const scored: { id: string; score: number }[] = [];
    docs.forEach((d, i) => {
      let score = 0;
      for (const t of terms) {
        const f = tf[i].get(t);
        if (f) score += (idf(t) * f * (K1 + 1)) / (f + K1 * (1 - B + (B * lengths[i]) / avgdl));
      }
      if (score > 0) scored.push({ id: d.id, score });
    });
    scored.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return scored.slice(0, k).map((s) => s.id);
  };
}
