// Retrieval: BM25 over the corpora the asker may read. PostgreSQL's full-text index gives the
// candidates (every readable passage holding one of the question's terms: one posting list per
// corpus and term, see migration 0006), and each is scored with Okapi BM25, its inverse
// document frequencies and average length taken from the statistics the passages projection
// keeps (migration 0010) for those same corpora. Ties go to the smaller id, so the same
// question over the same passages always ranks the same way.
import { sql } from 'kysely';
import { prepared, type Db } from '../db/database.js';

/** The textbook parameters: term frequency saturation and length normalisation. */
export const BM25 = { k1: 1.2, b: 0.75 } as const;

/** The longest question read, in words: a search costs one posting list per word and corpus. */
export const MAX_QUERY_WORDS = 32;

export type FoundPassage = {
  id: string;
  corpus: string;
  url: string;
  title: string;
  heading: string;
  content: string;
  ordinal: number;
  file_uuid: string | null;
  page: number | null;
  file_type: string | null;
  file_repository_type: 'USER' | 'ORG' | 'COLLECTION' | null;
  score: number;
};

/** The question's words (letters and digits), lower case, at most MAX_QUERY_WORDS; PostgreSQL stems them and drops stop words. */
export function questionWords(question: string): string {
  return (question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_QUERY_WORDS).join(' ');
}

/** The best `k` passages of the given corpora for the question, best first. */
export async function searchPassages(db: Db, corpora: readonly string[], question: string, k: number): Promise<FoundPassage[]> {
  const words = questionWords(question);
  if (!words || corpora.length === 0) return [];
  return (await bm25Query(corpora, words, k).execute(db)).rows.map((r) => ({ ...r, score: Number(r.score) }));
}

/**
 * The search itself, also run as plain SQL by the benchmark. Term frequencies come from the
 * stored tsvector, cut down to the question's lexemes first (setweight marks them, ts_filter
 * keeps them), so a candidate costs a few lexemes, not its whole vocabulary.
 */
export function bm25Query(corpora: readonly string[], words: string, k: number) {
  if (!Number.isSafeInteger(k) || k < 1) throw new RangeError(`k must be a positive integer, not ${k}`);
  // `k` is written into the statement (one prepared statement per k): as a parameter, a generic
  // plan guesses a tenth of the table for `limit $k`.
  const limit = sql.lit(k);
  const k1 = sql.lit(BM25.k1);
  const b = sql.lit(BM25.b);
  return sql<Omit<FoundPassage, 'score'> & { score: number | string }>`${sql.raw(prepared(`search_bm25_${k}`))}
    with q as materialized (
      select ${[...corpora]}::text[] as corpora, tsvector_to_array(to_tsvector('english', ${words})) as lexemes),
    n as materialized (
      select coalesce(sum(s.doc_count), 0)::float8 as docs,
        greatest(coalesce(sum(s.total_words), 0), 1)::float8 / greatest(coalesce(sum(s.doc_count), 0), 1) as avgdl
      from q, passage_corpus_stats s where s.corpus = any(q.corpora)),
    idf as materialized (
      select t.term, ln(1 + (n.docs - t.df + 0.5) / (t.df + 0.5)) as w
      from n, (select s.term, sum(s.df)::float8 as df from q, passage_term_stats s
               where s.corpus = any(q.corpora) and s.term = any(q.lexemes) group by s.term) t),
    cand as materialized (
      select p.id, p.word_count, p.tsv from passages p
      where passage_terms(p.corpus, p.tsv) && array(select c || ' ' || l from q, unnest(q.corpora) as c, unnest(q.lexemes) as l)),
    scored as (
      select c.id, sum(idf.w * tf.n * (${k1} + 1) / (tf.n + ${k1} * (1 - ${b} + ${b} * c.word_count / n.avgdl))) as score
      from n, cand c,
        lateral (select u.lexeme, coalesce(array_length(u.positions, 1), 1)::float8 as n
                 from unnest(ts_filter(setweight(c.tsv, 'A', (select lexemes from q)), '{a}')) as u) tf
        join idf on idf.term = tf.lexeme
      group by c.id
      order by score desc, c.id
      limit ${limit})
    select p.id, p.corpus, p.url, p.title, p.heading, p.content, p.ordinal, p.file_uuid, p.page, p.file_type, p.file_repository_type, s.score
    from scored s
    join passages p on p.id = s.id
    order by s.score desc, s.id`;
}
