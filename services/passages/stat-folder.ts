// The statistics folder: brings the statistics BM25 reads (passage_corpus_stats,
// passage_term_stats) up to date with the changes the writes recorded (write.ts, migration 0037),
// off the writers' transactions. Every change only adds to the statistics (a drop negatively), so
// once every change is folded, in whatever order, the statistics equal a recount of the passages.
// One set-based statement a fold: a put's terms come counted, a drop's are counted from the
// tsvectors it took at the delete; one hash aggregate per corpus and term (their passage_key(),
// migration 0082), then one MERGE, and the changes leave the table in that same statement.
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { Trx } from '../eventstore/types.js';
import { STAT_KEYS_SQL } from './stat-keys.js';

/** Changes folded in one transaction: each is an operation, a file's put or drop of thousands of rows. */
const CHANGES_PER_FOLD = 8;

/**
 * Memory for the fold's hash aggregate: a 10 MB CSV's put holds 66,000 distinct terms, and its
 * drop 1.4 million (row, term) pairs.
 */
const FOLD_WORK_MEM = '64MB';

/** One instance folds at a time (two would lock the same term rows in different orders). */
const FOLDER_LOCK = 'passages:stat-folder';

export type FoldResult = { folded: number } | 'busy';

/**
 * Folds up to CHANGES_PER_FOLD changes, oldest first, in one transaction. 'busy': another
 * folder (of this instance or another) holds the lock and is folding.
 */
export async function foldPassageStatsOnce(db: Db, limit = CHANGES_PER_FOLD): Promise<FoldResult> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ got: boolean }>`select pg_try_advisory_xact_lock(hashtext(${FOLDER_LOCK})) as got`.execute(trx);
    if (!rows[0].got) return 'busy' as const;
    await sql`select set_config('work_mem', ${FOLD_WORK_MEM}, true)`.execute(trx);
    return { folded: await foldChanges(trx, limit) };
  });
}

/** Folds until no change is left; 'busy' as soon as another folder holds the lock. */
export async function foldPassageStats(db: Db): Promise<FoldResult> {
  let folded = 0;
  for (;;) {
    const r = await foldPassageStatsOnce(db);
    if (r === 'busy') return r;
    folded += r.folded;
    if (r.folded === 0) return { folded };
  }
}

/**
 * The fold itself, oldest changes first: a drop's rows were put by an older change, so a term's
 * count never goes below zero. Terms whose passages all went leave the table, as a corpus without
 * passages does: a recount has no row for them.
 * The terms' statistics change in one MERGE rather than an upsert, an update and a delete: the
 * upsert locked each row before updating it, a WAL record more a term, and a fold of a batch's
 * 33,000 terms took 128-139 ms against 153-216 ms (six of each, alternated). A MERGE would fail
 * on a key another writer inserted meanwhile; none can: folds take turns (the folder's lock), and
 * a replay's recount truncated the table first, which holds a fold back until it commits.
 */
async function foldChanges(trx: Trx, limit: number): Promise<number> {
  const { rows } = await sql<{ changes: number; emptied: string[] }>`
    with claimed as (
      delete from passage_stat_changes
      where id in (select id from passage_stat_changes order by id limit ${limit} for update skip locked)
      returning corpus, docs, words, terms, counts, dropped),
    doc_deltas as (select corpus, sum(docs) as n, sum(words) as words from claimed group by corpus),
    term_deltas as (
      select passage_key(corpus, term) as key, min(corpus) as corpus, min(term) as term, sum(n)::int as n
      from (select c.corpus, t.term, t.n
            from claimed c, unnest(string_to_array(c.terms, ' '), string_to_array(c.counts, ',')::int[]) as t(term, n)
            where c.terms is not null
            union all
            select c.corpus, l.term, -1 from claimed c, unnest(c.dropped) as d(tsv), unnest(tsvector_to_array(d.tsv)) as l(term)
            where c.dropped is not null) t
      group by 1
      having sum(n) <> 0),
    merged as (
      merge into passage_term_stats s
      using term_deltas t on s.key = t.key
      when matched and s.df + t.n <= 0 then delete
      when matched then update set df = s.df + t.n
      when not matched and t.n > 0 then insert (key, corpus, term, df) values (t.key, t.corpus, t.term, t.n)
      returning 1),
    corpora as (
      insert into passage_corpus_stats (corpus, doc_count, total_words)
      select corpus, n, words from doc_deltas where n <> 0 or words <> 0
      on conflict (corpus) do update
        set doc_count = passage_corpus_stats.doc_count + excluded.doc_count, total_words = passage_corpus_stats.total_words + excluded.total_words
      returning corpus, doc_count)
    select (select count(*) from claimed)::int as changes,
      array(select corpus from corpora where doc_count <= 0) as emptied,
      (select count(*) from merged) as terms`.execute(trx);
  const { changes, emptied } = rows[0];
  if (emptied.length) await sql`delete from passage_corpus_stats where corpus = any(${emptied}::text[]) and doc_count <= 0`.execute(trx);
  return changes;
}

/**
 * The statistics counted again from every passage, and no change left to fold: after a replay
 * of the log (rebuildProjections), which wrote the passages with their changes in one transaction.
 */
export async function recountPassageStats(trx: Trx) {
  await sql`select set_config('work_mem', ${FOLD_WORK_MEM}, true)`.execute(trx);
  await sql`delete from passage_stat_changes`.execute(trx);
  await sql`delete from passage_corpus_stats`.execute(trx);
  await sql`insert into passage_corpus_stats select k, count(*), sum(word_count) from passages, unnest(${STAT_KEYS_SQL}) as k group by k`.execute(trx);
  await sql`delete from passage_term_stats`.execute(trx);
  await sql`insert into passage_term_stats (key, corpus, term, df)
    select passage_key(k, lexeme), min(k), min(lexeme), count(*)
    from passages, unnest(${STAT_KEYS_SQL}) as k, unnest(tsvector_to_array(tsv)) as lexeme group by 1`.execute(trx);
}
