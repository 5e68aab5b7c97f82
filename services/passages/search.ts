// Retrieval: BM25 over the corpora the asker may read. PostgreSQL's full-text index gives the
// candidates (readable passages holding the question's terms: one posting list per corpus and
// term, see migration 0006), and each is scored with Okapi BM25, its inverse document
// frequencies and average length taken from the statistics the passages projection keeps
// (migration 0010) for those same corpora. Terms are PostgreSQL's `simple` lexemes (lower case,
// no stemming, no stop words dropped: the common words weigh little through their idf). Ties go
// to the smaller id, so the same question over the same passages always ranks the same way.
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

/** The question's words (letters and digits), lower case, at most MAX_QUERY_WORDS. */
export function questionWords(question: string): string {
  return (question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_QUERY_WORDS).join(' ');
}

/** The best `k` passages of the given corpora for the question, best first. */
export async function searchPassages(db: Db, corpora: readonly string[], question: string, k: number): Promise<FoundPassage[]> {
  const words = questionWords(question);
  if (!words || corpora.length === 0) return [];
  return (await bm25Query(corpora, words, k).execute(db)).rows.map((r) => ({ ...r, score: Number(r.score) }));
}

/** A term in more than this share of the readable passages is common: it scores, but finds no candidates first. */
const COMMON_SHARE = 8;

/**
 * The search itself, also run as plain SQL by the benchmark, in up to three steps (MaxScore),
 * each exact or followed by the next; PostgreSQL evaluates a step's condition once, before
 * scanning. A term contributes less than its upper bound, idf × (k1 + 1).
 * 1. The passages holding two of the question's terms (one index lookup per pair of terms and
 *    corpus: both in one posting-list intersection). A passage with one term scores less than
 *    the largest single bound: when the k-th best reaches it, this top k is exact.
 * 2. Else the passages holding a selective term, scored with all terms; a passage holding only
 *    common terms scores less than their bounds' sum: when the k-th best reaches it, exact.
 * 3. Else every passage with any of the terms.
 *
 * Term frequencies come from the stored tsvector, cut down to the question's lexemes first
 * (setweight marks them, ts_filter keeps them), so a candidate costs a few lexemes, not its whole
 * vocabulary. The tsvector holds the heading twice (migration 0010), as BM25F weighs a title.
 */
export function bm25Query(corpora: readonly string[], words: string, k: number) {
  if (!Number.isSafeInteger(k) || k < 1) throw new RangeError(`k must be a positive integer, not ${k}`);
  // `k` is written into the statement (one prepared statement per k): as a parameter, a generic
  // plan guesses a tenth of the table for `limit $k`.
  const limit = sql.lit(k);
  const k1 = sql.lit(BM25.k1);
  const b = sql.lit(BM25.b);
  const scored = (candidates: string) => sql`
      select c.id, sum(idf.w * tf.n * (${k1} + 1) / (tf.n + ${k1} * (1 - ${b} + ${b} * c.word_count / n.avgdl))) as score
      from n, ${sql.table(candidates)} c,
        lateral (select u.lexeme, coalesce(array_length(u.positions, 1), 1)::float8 as n
                 from unnest(ts_filter(setweight(c.tsv, 'A', (select lexemes from q)), '{a}')) as u) tf
        join idf on idf.term = tf.lexeme
      group by c.id
      order by score desc, c.id
      limit ${limit}`;
  const keys = (terms: string) => sql.raw(`array(select c || ' ' || l from q, unnest(q.corpora) as c, unnest(${terms}) as l)`);
  return sql<Omit<FoundPassage, 'score'> & { score: number | string }>`${sql.raw(prepared(`search_bm25_${k}`))}
    with q as materialized (
      select ${[...corpora]}::text[] as corpora, tsvector_to_array(to_tsvector('simple', ${words})) as lexemes),
    n as materialized (
      select coalesce(sum(s.doc_count), 0)::float8 as docs,
        greatest(coalesce(sum(s.total_words), 0), 1)::float8 / greatest(coalesce(sum(s.doc_count), 0), 1) as avgdl
      from q, passage_corpus_stats s where s.corpus = any(q.corpora)),
    idf as materialized (
      select t.term, t.df, ln(1 + (n.docs - t.df + 0.5) / (t.df + 0.5)) as w
      from n, (select s.term, sum(s.df)::float8 as df from q, passage_term_stats s
               where s.corpus = any(q.corpora) and s.term = any(q.lexemes) group by s.term) t),
    split as materialized (
      select coalesce(array_agg(idf.term) filter (where idf.df * ${sql.lit(COMMON_SHARE)} <= n.docs), '{}') as selective,
        coalesce(sum(idf.w * (${k1} + 1)) filter (where idf.df * ${sql.lit(COMMON_SHARE)} > n.docs), 0) as common_bound
      from idf, n),
    pair_candidates as materialized (
      select distinct on (s.id) s.id, s.word_count, s.tsv
      from q, unnest(q.corpora) as c,
        lateral (select x.a, y.b from (select term as a, row_number() over (order by term) as i from idf) x
                 join (select term as b, row_number() over (order by term) as j from idf) y on x.i < y.j) pair,
        lateral (select id, word_count, tsv from passages where passage_terms(corpus, tsv) @> array[c || ' ' || pair.a, c || ' ' || pair.b]) s
      order by s.id),
    paired as materialized (${scored('pair_candidates')}),
    pair_exact as materialized (
      select count(*) = ${limit} and coalesce(min(score), 0) >= (select coalesce(max(w), 0) * (${k1} + 1) from idf) as ok from paired),
    first_candidates as materialized (
      select p.id, p.word_count, p.tsv from passages p
      where not (select ok from pair_exact) and passage_terms(p.corpus, p.tsv) && ${keys('(select selective from split)')}),
    first as materialized (${scored('first_candidates')}),
    exact as materialized (
      select (select ok from pair_exact) or (count(*) = ${limit} and coalesce(min(score), 0) >= (select common_bound from split)) as ok from first),
    all_candidates as materialized (
      select p.id, p.word_count, p.tsv from passages p
      where not (select ok from exact) and passage_terms(p.corpus, p.tsv) && ${keys('q.lexemes')}),
    best as (
      select id, score from paired where (select ok from pair_exact)
      union all
      select id, score from first where (select ok from exact) and not (select ok from pair_exact)
      union all
      (${scored('all_candidates')}))
    select p.id, p.corpus, p.url, p.title, p.heading, p.content, p.ordinal, p.file_uuid, p.page, p.file_type, p.file_repository_type, s.score
    from best s
    join passages p on p.id = s.id
    order by s.score desc, s.id`;
}
