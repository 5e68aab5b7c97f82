// The only writes to the passages table and its term statistics. Each operation is a handful of
// statements however many passages it carries: rows go in as arrays (INSERT … SELECT FROM unnest,
// a thousand rows a statement), and the statistics BM25 reads (per corpus: passages and their
// total words; per corpus and term: how many passages hold the term) change in the same
// transaction, once per operation, so they always describe exactly the rows in the table.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { Trx } from '../eventstore/types.js';
import type { PassageOp, PassageRow } from './feed.js';
import { passageTerms, tsvectorArrayBytes } from './terms.js';

export async function applyPassageOp(trx: Trx, op: PassageOp) {
  // Writers of one corpus take turns: the statistics rows they share then never deadlock.
  await sql`select pg_advisory_xact_lock(hashtext(${`passages:${op.corpus}`}))`.execute(trx);
  switch (op.kind) {
    case 'drop-corpus':
      await dropPassages(trx, op.corpus, null);
      return;
    case 'drop-source':
      await dropPassages(trx, op.corpus, op.source);
      return;
    case 'put':
      if (op.replace) await dropPassages(trx, op.corpus, op.source);
      await insertPassages(trx, op.corpus, op.source, op.passages);
      return;
  }
}

/**
 * Rows one statement carries. Its parameters are built on the main thread, a statement's worth
 * at a time while the one before runs in the database: a large file's passages go in several
 * statements, and its statistics in one at the end, so a term shared by all of them is counted once.
 */
const ROWS_PER_STATEMENT = 500;

/**
 * Rows whose terms are counted between two turns of the event loop (a few milliseconds). A
 * statement's parameters are megabytes that the socket takes in pieces, each piece when the loop
 * turns: counted in one go, the next rows' terms held the rest of the statement back, and the
 * database waited 30-60 ms a statement for it (PostgreSQL's log, between parse and bind).
 */
const ROWS_PER_TURN = 25;

/**
 * A put of at least this many rows leaves its index entries in the index's pending list (up to
 * PENDING_LIST_LIMIT) instead of merging them every 4 MB as they come: merged in one go after the
 * commit (settlePassageIndex), the same entries cost the database less, and the merge is off the
 * writer's path. Measured on a 10 MB CSV (9,401 passages), database CPU: 2.5-3.1 s in the
 * transaction before, 1.8 s in it and 0.4 s for the merge after.
 */
const LARGE_PUT = 2000;
const PENDING_LIST_LIMIT = '64MB';

async function insertPassages(trx: Trx, corpus: string, source: string, passages: PassageRow[]) {
  if (passages.length === 0) return;
  if (passages.length >= LARGE_PUT) await sql`select set_config('gin_pending_list_limit', ${PENDING_LIST_LIMIT}, true)`.execute(trx);
  const stats: Statistics = { docs: passages.length, words: 0, df: new Map() };
  let running: Promise<unknown> = Promise.resolve();
  for (let i = 0; i < passages.length; i += ROWS_PER_STATEMENT) {
    // The next rows' terms are counted while these are written.
    const statement = await insertRows(corpus, source, passages.slice(i, i + ROWS_PER_STATEMENT), stats);
    await running;
    running = statement.execute(trx);
    // Awaited once the next rows are counted: a failure meanwhile must not count as unhandled.
    running.catch(() => {});
  }
  await running;
  await addToStatistics(corpus, stats).execute(trx);
}

/** Passages, words and each term's passages among the rows written. */
type Statistics = { docs: number; words: number; df: Map<string, number> };

/** The rows' insert; their terms and lengths are added to `stats`. */
async function insertRows(corpus: string, source: string, passages: PassageRow[], stats: Statistics) {
  const col = <T>(f: (p: PassageRow) => T) => passages.map(f);
  const terms: ReturnType<typeof passageTerms>[] = [];
  for (let i = 0; i < passages.length; i += ROWS_PER_TURN) {
    await nextTurn();
    for (const p of passages.slice(i, i + ROWS_PER_TURN)) {
      const counted = passageTerms(p.heading, p.content);
      terms.push(counted);
      stats.words += counted.words;
      for (const term of counted.counts.keys()) stats.df.set(term, (stats.df.get(term) ?? 0) + 1);
    }
  }
  return sql`
      insert into passages (id, corpus, source, url, title, heading, content, ordinal, page, word_count, tsv, file_uuid, file_type, file_repository_type)
      select r.id, ${corpus}, ${source}, r.url, r.title, r.heading, r.content, r.ordinal, r.page, r.word_count, r.tsv, r.file_uuid, r.file_type, r.file_repository_type
      from unnest(${col((p) => p.id)}::text[], ${col((p) => p.url)}::text[], ${col((p) => p.title)}::text[], ${col((p) => p.heading)}::text[],
                  ${col((p) => p.content)}::text[], ${col((p) => p.ordinal)}::int[], ${col((p) => p.page)}::int[],
                  ${terms.map((t) => t.words)}::int[], ${tsvectorArrayBytes(terms.map((t) => t.counts))}::tsvector[], ${col((p) => p.file?.file_uuid ?? null)}::text[],
                  ${col((p) => p.file?.file_type ?? null)}::text[], ${col((p) => p.file?.repository_type ?? null)}::text[])
        as r(id, url, title, heading, content, ordinal, page, word_count, tsv, file_uuid, file_type, file_repository_type)`;
}

/**
 * Adds the new rows' statistics, counted while they were written, to the corpus's: one statement,
 * one row per distinct term. The terms go as one space-separated text (terms are runs of letters
 * and digits, never spaces) and their counts as one comma-separated text, split by PostgreSQL:
 * as text[] and int[] parameters node-postgres escaped every element on the main thread, 566 ms
 * in one go for the half a million distinct terms of a 50 MB CSV, which held every request that
 * long. They are not sorted: writers of one corpus take turns (applyPassageOp's lock), so their
 * row locks cannot cross.
 */
function addToStatistics(corpus: string, stats: Statistics) {
  const terms: string[] = [];
  const counts: number[] = [];
  for (const [term, df] of stats.df) {
    terms.push(term);
    counts.push(df);
  }
  return sql`
    with terms as (
      insert into passage_term_stats (corpus, term, df)
      select ${corpus}, t.term, t.df
      from unnest(string_to_array(${terms.join(' ')}::text, ' '), string_to_array(${counts.join(',')}::text, ',')::int[]) as t(term, df)
      on conflict (corpus, term) do update set df = passage_term_stats.df + excluded.df
      returning 1)
    insert into passage_corpus_stats (corpus, doc_count, total_words)
    values (${corpus}, ${stats.docs}, ${stats.words})
    on conflict (corpus) do update
      set doc_count = passage_corpus_stats.doc_count + excluded.doc_count, total_words = passage_corpus_stats.total_words + excluded.total_words`;
}

/**
 * Removes a source's passages (or the corpus's, when `source` is null) and takes them out of the
 * statistics, in one statement that returns nothing: a term no passage holds any more leaves the
 * table (which would otherwise only grow), the others are counted down. The two touch disjoint
 * rows of one snapshot, which nobody else changes meanwhile (writers of a corpus take turns).
 * Returning the changed terms instead sent the main thread a row per term of the source to parse.
 */
async function dropPassages(trx: Trx, corpus: string, source: string | null) {
  await sql`
    with gone as (
      delete from passages where corpus = ${corpus} ${source === null ? sql`` : sql`and source = ${source}`}
      returning word_count, tsv),
    counts as (
      update passage_corpus_stats s set doc_count = s.doc_count - g.n, total_words = s.total_words - g.words
      from (select count(*) as n, coalesce(sum(word_count), 0) as words from gone) g
      where s.corpus = ${corpus} and g.n > 0
      returning 1),
    terms as (select lexeme, count(*) as n from gone, unnest(tsvector_to_array(gone.tsv)) as lexeme group by lexeme),
    fewer as (
      update passage_term_stats s set df = s.df - terms.n
      from terms where s.corpus = ${corpus} and s.term = terms.lexeme and s.df > terms.n
      returning 1),
    unused as (
      delete from passage_term_stats s
      using terms where s.corpus = ${corpus} and s.term = terms.lexeme and s.df <= terms.n
      returning 1)
    select (select count(*) from counts) + (select count(*) from fewer) + (select count(*) from unused) as changed`.execute(trx);
}

/**
 * Merges the full-text index's pending entries into the index, after a large put committed: a
 * search reads the pending list through, so it is kept short. Also done by autovacuum, later.
 */
export async function settlePassageIndex(db: Db) {
  await sql`select gin_clean_pending_list('passages_keys_idx'::regclass)`.execute(db);
}
