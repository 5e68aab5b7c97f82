// The passage index: PostgreSQL full-text search over chunks (tsvector column), each chunk in a
// corpus (`help`, `user:<id>`, `org:<uuid>`, `space:<uuid>`); a search covers the corpora the
// asker may read, in one query (index: migration 0006).
import { sql } from 'kysely';
import { prepared, type Db } from '../db/database.js';
import type { HelpPassage } from './corpus.js';
import type { Passage, SourceAdapter } from './types.js';

export const HELP_CORPUS = 'help';

/** Re-indexes a corpus only when its content hash changed; safe to run at every start. */
export async function indexCorpus(db: Db, corpus: string, passages: HelpPassage[], hash: string, now: Date) {
  return db.transaction().execute(async (trx) => {
    // One indexer at a time, also across instances starting together.
    await sql`select pg_advisory_xact_lock(hashtext(${`passages:${corpus}`}))`.execute(trx);
    const current = await trx.selectFrom('passage_corpora').select('content_hash').where('corpus', '=', corpus).executeTakeFirst();
    if (current?.content_hash === hash) return false;
    await trx.deleteFrom('passages').where('corpus', '=', corpus).execute();
    if (passages.length)
      await trx
        .insertInto('passages')
        .values(passages.map((p) => ({ id: p.id, corpus, url: p.url, title: p.title, heading: p.heading, content: p.content, ordinal: p.ordinal })))
        .execute();
    await trx
      .insertInto('passage_corpora')
      .values({ corpus, content_hash: hash, indexed_at: now })
      .onConflict((oc) => oc.column('corpus').doUpdateSet({ content_hash: hash, indexed_at: now }))
      .execute();
    return true;
  });
}

/** Words of a question joined with `or`, so a passage matching some of them still ranks. */
export function anyWordsQuery(question: string) {
  return (question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter((w) => w !== 'or')
    .slice(0, 32)
    .join(' or ');
}

export type FoundPassage = HelpPassage & {
  corpus: string;
  rank: number;
  file_uuid: string | null;
  page: number | null;
  file_type: string | null;
  file_repository_type: 'USER' | 'ORG' | 'COLLECTION' | null;
};

/**
 * The best `k` passages of the given corpora for any of the question's words, in one query.
 * `passage_terms(corpus, tsv) && <"corpus lexeme" pairs>` finds them through the index of
 * migration 0006, and holds exactly for a readable corpus's passages with one of the words
 * (lexemes have no spaces). It is the only corpus condition on purpose: a separate
 * `corpus = any(...)` lets the planner pick the corpus btree when its statistics lag behind a
 * growing corpus, and then build every passage's terms (measured: 20x slower).
 * No `tsv @@ query` filter either: for these or-joined words the pairs condition already says
 * the same, and checking it again on every matching row cost about a third of the query
 * (measured: p50 9.1 -> 6.7 ms over 1,700 matches, same top 5).
 */
export async function searchPassages(db: Db, corpora: readonly string[], question: string, k: number): Promise<FoundPassage[]> {
  const words = anyWordsQuery(question);
  if (!words || corpora.length === 0) return [];
  return (await searchQuery(corpora, words, k).execute(db)).rows;
}

/**
 * The search itself, for searchPassages and for the benchmark's plain-SQL baseline.
 *
 * It ranks the passages with two or more of the question's words first (`strong`: one index
 * lookup per pair of words, both words in one posting-list intersection), and all matching
 * passages only when fewer than `k` have two. That gives exactly the order of ranking them all:
 * every word of `tsv` has the same weight (no setweight), and ts_rank's or-rank gives each
 * matched word between w/1.645 and w, the sum over its occurrences of w/n² over pi²/6, so two
 * words (at least 2w/1.645 = 1.22w) always outrank one (under w). It ranks about a tenth of the
 * rows (measured: 175 against 1,700 matches, p50 3.2 against 8.3 ms, the same top 5 for 300
 * questions). `services/answers/readable.int.test.ts` holds the order to the plain query's.
 *
 * Ranking picks the ids (narrow rows), the winners' columns come after; the query's tsquery is
 * parsed once, not per row, also in a generic plan.
 */
export function searchQuery(corpora: readonly string[], words: string, k: number) {
  if (!Number.isSafeInteger(k) || k < 1) throw new RangeError(`k must be a positive integer, not ${k}`);
  // `k` is written into the statement (one prepared statement per k): as a parameter, a generic
  // plan guesses a tenth of the table for `limit $k` and joins the winners by a sequential scan.
  const limit = sql.lit(k);
  // The question and the corpora reach the plan only through `q`, so a custom plan knows no more
  // than the generic one and PostgreSQL settles on the generic plan after five runs: planning
  // this statement (2.7 ms) costs more than running it.
  return sql<FoundPassage>`${sql.raw(prepared(`search_passages_${k}`))}
    with q as materialized (
      select ${[...corpora]}::text[] as corpora, websearch_to_tsquery('english', ${words}) as query,
        tsvector_to_array(to_tsvector('english', ${words})) as lexemes),
    strong as materialized (
      select distinct s.id, s.rank
      from q, unnest(q.corpora) as c,
        lateral (select x.a, y.b from unnest(q.lexemes) with ordinality x(a, i), unnest(q.lexemes) with ordinality y(b, j) where x.i < y.j) pair,
        lateral (select id, ts_rank(tsv, q.query) as rank from passages
                 where passage_terms(corpus, tsv) @> array[c || ' ' || pair.a, c || ' ' || pair.b]) s
      order by s.rank desc, s.id
      limit ${limit}
    ),
    best as (
      select id, rank from strong where (select count(*) from strong) = ${limit}
      union all
      (select id, ts_rank(tsv, (select query from q)) as rank
       from passages
       where passage_terms(corpus, tsv) && array(select c || ' ' || lexeme from q, unnest(q.corpora) as c, unnest(q.lexemes) as lexeme)
         and (select count(*) from strong) < ${limit}
       order by rank desc, id
       limit ${limit})
    )
    select p.id, p.corpus, p.url, p.title, p.heading, p.content, p.ordinal, p.file_uuid, p.page, p.file_type, p.file_repository_type, best.rank
    from best
    join passages p on p.id = best.id
    order by best.rank desc, best.id`;
}

/** What a passage's source shows as its domain: `help` for the guide, else the corpus kind (`user`, `space`, ...). */
export const domainOf = (corpus: string) => corpus.split(':')[0];

export type PassageIndex = { name: string; search: (query: string, k: number, corpora: readonly string[]) => Promise<Passage[]> };

export function passageSource(db: Db): PassageIndex {
  return {
    name: 'passages',
    search: async (question, k, corpora): Promise<Passage[]> =>
      (await searchPassages(db, corpora, question, k)).map((p) => ({
        url: p.url,
        title: p.title,
        heading: p.heading,
        content: p.content,
        domain: domainOf(p.corpus),
        published_date: null,
        ...(p.file_uuid && p.file_type && p.file_repository_type
          ? { file: { file_uuid: p.file_uuid, page: p.page, file_type: p.file_type, repository_type: p.file_repository_type } }
          : {}),
      })),
  };
}

/** The built-in guide alone. */
export function helpSource(db: Db): SourceAdapter {
  const index = passageSource(db);
  return { name: 'help', search: (question, k) => index.search(question, k, [HELP_CORPUS]) };
}
