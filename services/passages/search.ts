// Retrieval: BM25 over the corpora the asker may read. The passages' index gives the candidates
// (readable passages holding the question's terms: posting lists per statistics key and term,
// migration 0054, in the GIN index or a large put's segment, migration 0081, so an asker reads
// the lists of their corpora and their principals only, never the postings of passages they may
// not read), and each is scored with Okapi BM25, its inverse document frequencies and average
// length taken from the statistics the passages projection keeps (migration 0010) under those
// same keys, counting only the passages the asker may read (stat-keys.ts: a word in a document
// they may not read moves no score). The same counts plan what the search reads, since reading a
// posting list costs its whole length.
// Terms are runs of letters and digits in lower case, counted by the app (terms.ts, migration
// 0032; no stemming, no stop words dropped: the common words weigh little through their idf).
// Ties go to the smaller id, so the same question over the same passages always ranks the same way.
import { type CompiledQuery, type RawBuilder, sql } from 'kysely';
import { prepared, type Db } from '../db/database.js';
import type { PassageCitation } from './feed.js';
import { termsOf } from './terms.js';

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
  /** What its citation shows of its origin (feed.ts), when its feed said. */
  citation: PassageCitation | null;
  score: number;
};

/** The question's first MAX_QUERY_WORDS words, as a passage's terms are read (terms.ts), joined by spaces. */
export function questionWords(question: string): string {
  return termsOf(question).slice(0, MAX_QUERY_WORDS).join(' ');
}

/**
 * The best `k` passages of the given corpora for the question that the asker may read, best
 * first: a passage with readers (feed.ts) only when one of them is among the asker's `principals`
 * (none given: only the passages without readers).
 */
export async function searchPassages(
  db: Db,
  corpora: readonly string[],
  question: string,
  k: number,
  principals: readonly string[] = [],
): Promise<FoundPassage[]> {
  const words = questionWords(question);
  if (!words || corpora.length === 0) return [];
  const compiled = compiledSearch(db, k);
  const { rows } = await db.executeQuery<SearchRow>({ ...compiled, parameters: [[...corpora], words, [...principals]] });
  return rows.map((r) => ({ ...r, score: Number(r.score) }));
}

type SearchRow = Omit<FoundPassage, 'score'> & { score: number | string };

// The statement's text depends only on k; the corpora, the words and the principals are its three parameters.
// Compiled once per k: building it costs about a tenth of a millisecond an ask, and its garbage.
const compiledSearches = new Map<number, CompiledQuery<SearchRow>>();
function compiledSearch(db: Db, k: number) {
  let compiled = compiledSearches.get(k);
  if (!compiled) {
    compiled = bm25Query(['corpus'], 'words', k, ['principal']).compile(db);
    if (compiled.parameters.length !== 3) throw new Error(`the search takes 3 parameters, not ${compiled.parameters.length}`);
    compiledSearches.set(k, compiled);
  }
  return compiled;
}

/**
 * A pair of terms is looked up together (one posting-list intersection) when it is likely in at
 * most this many passages (df × df / passages, as if the terms were independent): the pairs of
 * rarer words, not "what" and "our" in every fifth passage each.
 */
export const PAIR_PASSAGES = 50;

/**
 * How many postings (passages holding a term, summed over the terms) the second step may read.
 * The terms it must read for an exact top k (MaxScore's "essential" terms) are taken rarest first
 * while their postings fit; a term left out still scores every passage read, but finds no
 * passages of its own. In a small corpus every term fits and the top k is exact; in a large one
 * the top k is BM25's over the passages holding two of the question's rarer terms and the
 * essential terms that fit. Measured on the answers bench (10,000 readable passages, questions
 * with their function words, tests/bench/answers.ts): reading every essential term costs 1,000
 * to 5,000 passages a question, p50 10-17 ms against 1.1 ms with this limit.
 */
export const CANDIDATE_POSTINGS = 300;

const key = (statKey: RawBuilder<unknown>, term: RawBuilder<unknown>) => sql`passage_key(${statKey}, ${term})`;
const indexed = (row: RawBuilder<unknown>) => sql`${row}.read_keys`;

/**
 * The passages holding a pair's two terms (`x`: its statistics key, its `rare` and its `common`
 * term) where a segment holds one of them or both (migration 0081): in the segment both (their
 * pids intersected, segment by segment), the rarer (its pids checked for the other in their own
 * keys), or the other (the passages holding the rarer in their own keys and in a segment, checked
 * for the other in it). A passage holding both in its own keys is the GIN index's.
 */
export function pairInSegments(x: RawBuilder<unknown>) {
  const [rare, common] = [key(sql`${x}.key`, sql`${x}.rare`), key(sql`${x}.key`, sql`${x}.common`)];
  return sql`
    select p.* from passage_postings r join passage_postings c on c.key = ${common} and c.seg = r.seg,
      lateral (select unnest(r.offsets) intersect select unnest(c.offsets)) as m(o), passages p
    where r.key = ${rare} and p.pid = r.base + m.o
    union all
    select p.* from passage_postings r, unnest(r.offsets) as m(o), passages p
    where r.key = ${rare} and p.pid = r.base + m.o and ${indexed(sql`p`)} @> array[${common}]
    union all
    select p.* from passages p
    where ${indexed(sql`p`)} @> array[${rare}] and p.seg is not null
      and exists (select 1 from passage_postings c where c.key = ${common} and c.seg = p.seg and (p.pid - c.base)::int = any(c.offsets))`;
}

/**
 * The search itself, also run as plain SQL by the benchmark, in two steps (MaxScore); PostgreSQL
 * evaluates a step's condition once, before scanning. A term contributes less than its upper
 * bound, idf × (k1 + 1).
 * 1. The passages holding a pair of the question's terms (pairs of rarer terms, PAIR_PASSAGES;
 *    looked up only in the corpora that hold both terms; intersected segment by segment, from the
 *    segments of the rarer term), scored with all terms: their k-th best
 *    score is a threshold the top k reaches. The pairs are chosen first (`pairs`), so only theirs
 *    are looked up: joined in one step, the planner looked up every pair before dropping most.
 * 2. The terms ranked by bound, smallest first: a passage holding only terms whose bounds sum
 *    below the threshold cannot enter the top k; the others are essential. The passages holding
 *    an essential term (within CANDIDATE_POSTINGS, rarest first; at least the rarest when step 1
 *    found fewer than k), less those of step 1, are scored.
 * The top k of both is exact unless CANDIDATE_POSTINGS left an essential term out.
 *
 * Term frequencies come from the stored tsvector, cut down to the question's lexemes first
 * (setweight marks them, ts_filter keeps them), so a candidate costs a few lexemes, not its whole
 * vocabulary. The tsvector holds the heading twice (migration 0010), as BM25F weighs a title.
 */
export function bm25Query(
  corpora: readonly string[],
  words: string,
  k: number,
  principals: readonly string[] = [],
  opts: { readersChecked: boolean } = { readersChecked: true },
) {
  if (!Number.isSafeInteger(k) || k < 1) throw new RangeError(`k must be a positive integer, not ${k}`);
  // `k` is written into the statement (one prepared statement per k): as a parameter, a generic
  // plan guesses a tenth of the table for `limit $k`.
  const limit = sql.lit(k);
  const k1 = sql.lit(BM25.k1);
  const b = sql.lit(BM25.b);
  // Scores the passages of `from` that meet `where`, best k first.
  const scored = (from: RawBuilder<unknown>, where: RawBuilder<unknown>) => sql`
      select c.id, sum(idf.w * tf.n * (${k1} + 1) / (tf.n + ${k1} * (1 - ${b} + ${b} * c.word_count::float8 / n.avgdl))) as score
      from n, ${from} c,
        lateral (select u.lexeme, coalesce(array_length(u.positions, 1), 1)::float8 as n
                 from unnest(ts_filter(setweight(c.tsv, 'A', (select lexemes from q)), '{a}')) as u) tf
        join idf on idf.term = tf.lexeme
      where ${where}
      group by c.id
      order by score desc, c.id
      limit ${limit}`;
  // The index key of a statistics key and a term (passage_key(); a passage's are read-keys.ts's:
  // its corpus's for a passage without readers, one per reader, `<corpus>\n<principal>`, for one
  // with readers). A small put's passages hold theirs in `read_keys`, which the GIN index reads; a
  // large put's segment lists, under each key, the pids of its passages that hold it
  // (passage_postings, migration 0081): both are looked up. Two pairs may share a key, so a passage
  // the index gives is only a candidate: its corpus and readers are checked, and it is scored from its own tsvector.
  // The check of a candidate's corpus, written `(…) is true` so that it stays a filter: as an index
  // condition the planner read the corpus index too, every passage of the corpus (10,000 on the
  // answers bench, a millisecond each time), to AND it with the few the key index gives.
  const corpusCheck = (condition: RawBuilder<unknown>) => sql`(${condition}) is true`;
  // Who may read a candidate: everyone of its corpus (no readers), or one of the asker's
  // principals. The index already gives only the postings of the asker's keys; the check stays,
  // for a key's hash collision, before candidates are scored and ranked.
  // (`readersChecked: false` is the same search over every passage, each reader's postings read,
  // scored with the principals' statistics: the tests' reference, never the app's.)
  // A withheld origin's passages (a disconnected connection's, feed.ts) are found by nobody, the reference included.
  const notWithheld = (row: RawBuilder<unknown>) => sql`(${row}.origin is null or not ${row}.origin = any((select withheld from q)::text[]))`;
  const readable = (row: RawBuilder<unknown>) =>
    opts.readersChecked ? sql`${notWithheld(row)} and (${row}.readers is null or ${row}.readers && (select principals from q))` : notWithheld(row);
  // The posting lists read: the asker's statistics keys, or (unchecked) every key of the corpora.
  const lookupKeys = opts.readersChecked
    ? sql`x.stat_keys`
    : sql`x.corpora || array(select s.corpus from passage_corpus_stats s, unnest(x.corpora) c
                             where starts_with(s.corpus, c || chr(10)))`;
  // A candidate of step 2: readable in the asked corpora, and not scored in step 1.
  const secondCheck = (row: RawBuilder<unknown>) =>
    sql`${corpusCheck(sql`${row}.corpus = any((select corpora from q)::text[]) and ${readable(row)}`)}
        and not exists (select 1 from first_candidates f where f.id = ${row}.id)`;
  const keys = (terms: RawBuilder<unknown>) => sql`array(select ${key(sql`k`, sql`l`)} from q, unnest(q.lookup_keys) as k, unnest(${terms}) as l)`;
  return sql<SearchRow>`${sql.raw(prepared(`search_bm25_${k}${opts.readersChecked ? '' : '_unchecked'}`))}
    with q as materialized (
      select x.corpora, x.lexemes, x.principals, x.withheld, x.stat_keys, ${lookupKeys} as lookup_keys
      from (select y.*, y.corpora || array(select c || chr(10) || p from unnest(y.corpora) c, unnest(y.principals) p) as stat_keys
            from (select ${[...corpora]}::text[] as corpora, array(select distinct unnest(string_to_array(${words}, ' '))) as lexemes,
                    ${[...principals]}::text[] as principals, array(select origin from passage_withheld_origins) as withheld) y) x),
    n as materialized (
      select coalesce(sum(s.doc_count) filter (where s.corpus = any(q.stat_keys)), 0)::float8 as docs,
        greatest(coalesce(sum(s.total_words) filter (where s.corpus = any(q.stat_keys)), 0), 1)::float8
          / greatest(coalesce(sum(s.doc_count) filter (where s.corpus = any(q.stat_keys)), 0), 1) as avgdl,
        greatest(coalesce(sum(s.doc_count) filter (where s.corpus = any(q.lookup_keys)), 0), 1)::float8 as stored
      from q, passage_corpus_stats s where s.corpus = any(q.stat_keys || q.lookup_keys)),
    stats as materialized (
      select k.key, split_part(k.key, chr(10), 1) as corpus, l.term, s.df::float8 as df,
        k.key = any(q.stat_keys) as scores, k.key = any(q.lookup_keys) as read
      from q, lateral (select distinct unnest(q.stat_keys || q.lookup_keys)) as k(key), unnest(q.lexemes) as l(term), passage_term_stats s
      where s.key = ${key(sql`k.key`, sql`l.term`)}),
    idf as materialized (
      select t.term, t.df, t.postings, ln(1 + (n.docs - t.df + 0.5) / (t.df + 0.5)) as w
      from n, (select term, coalesce(sum(df) filter (where scores), 0) as df, coalesce(sum(df) filter (where read), 0) as postings
               from stats group by term) t
      where t.df > 0),
    pairs as materialized (
      select x.key, x.corpus, case when x.df <= y.df then x.term else y.term end as rare, case when x.df <= y.df then y.term else x.term end as common
      from n, stats x join idf ix on ix.term = x.term
        join stats y on y.key = x.key and y.term > x.term join idf iy on iy.term = y.term
      where x.read and x.df > 0 and y.df > 0 and ix.postings * iy.postings <= ${sql.lit(PAIR_PASSAGES)} * n.stored),
    first_candidates as materialized (
      select distinct on (s.id) s.id, s.word_count, s.tsv
      from pairs x,
        lateral (select id, word_count, tsv from passages p
                 where ${indexed(sql`p`)} @> array[${key(sql`x.key`, sql`x.rare`)}, ${key(sql`x.key`, sql`x.common`)}]
                   and ${corpusCheck(sql`corpus = x.corpus and ${readable(sql`p`)}`)}
                 union all
                 select p.id, p.word_count, p.tsv from (${pairInSegments(sql`x`)}) p
                 where exists (select 1 from passage_segments g where g.corpus = x.corpus)
                   and ${corpusCheck(sql`p.corpus = x.corpus and ${readable(sql`p`)}`)}) s
      order by s.id),
    first as materialized (${scored(sql`first_candidates`, sql`true`)}),
    essential as materialized (
      select coalesce(array_agg(term), '{}') as terms
      from (select term, postings, sum(postings) over (order by postings, term rows unbounded preceding) as read_upto
            from (select term, postings, sum(w) over (order by w, term rows unbounded preceding) * (${k1} + 1) as bounds_upto from idf) t
            where bounds_upto >= (select case when count(*) = ${limit} then min(score) else 0 end from first)) e
      where read_upto <= ${sql.lit(CANDIDATE_POSTINGS)} or (read_upto = postings and (select count(*) from first) < ${limit})),
    second_candidates as materialized (
      select distinct on (c.id) c.id, c.word_count, c.tsv
      from (select p.id, p.word_count, p.tsv from passages p where ${indexed(sql`p`)} && ${keys(sql`(select terms from essential)`)} and ${secondCheck(sql`p`)}
            union all
            select p.id, p.word_count, p.tsv
            from (select distinct s.base + unnest(s.offsets) as pid from passage_postings s where s.key = any(${keys(sql`(select terms from essential)`)})) m
              join passages p on p.pid = m.pid
            where ${secondCheck(sql`p`)}) c
      order by c.id),
    second as materialized (${scored(sql`second_candidates`, sql`true`)}),
    best as (select id, score from first union all select id, score from second order by score desc, id limit ${limit})
    select p.id, p.corpus, p.url, p.title, p.heading, p.content, p.ordinal, p.file_uuid, p.page, p.file_type, p.file_repository_type, p.citation, s.score
    from best s
    join passages p on p.id = s.id
    order by s.score desc, s.id`;
}
