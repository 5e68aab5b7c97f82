// The only writes to the passages table. Each operation is a handful of statements however many
// passages it carries: rows go in as arrays (INSERT … SELECT FROM unnest, hundreds of rows a
// statement). The statistics BM25 reads (per corpus: passages and their total words; per corpus
// and term: how many passages hold the term) are not counted here (issue 31): each statement
// records what it changed in passage_stat_changes (migration 0037), and the statistics folder
// (stat-folder.ts) brings the statistics up to date after the commit, so the file's transaction
// carries no row per term. A search in between reads the statistics as they are.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { Trx } from '../eventstore/types.js';
import type { PassageOp, PassageRow } from './feed.js';
import { passageTerms, tsvectorArrayBytes } from './terms.js';

// Writers of one corpus need not take turns: they share no statistics rows (only the folder writes them).
export async function applyPassageOp(trx: Trx, op: PassageOp) {
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
 * statements, each recording its rows as one change for the statistics folder.
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
  let running: Promise<unknown> = Promise.resolve();
  for (let i = 0; i < passages.length; i += ROWS_PER_STATEMENT) {
    // The next rows' terms are counted while these are written.
    const statement = await insertRows(corpus, source, passages.slice(i, i + ROWS_PER_STATEMENT));
    await running;
    running = statement.execute(trx);
    // Awaited once the next rows are counted: a failure meanwhile must not count as unhandled.
    running.catch(() => {});
  }
  await running;
}

/** The rows' insert, and the change that says they are not counted in the statistics yet. */
async function insertRows(corpus: string, source: string, passages: PassageRow[]) {
  const col = <T>(f: (p: PassageRow) => T) => passages.map(f);
  const terms: ReturnType<typeof passageTerms>[] = [];
  for (let i = 0; i < passages.length; i += ROWS_PER_TURN) {
    await nextTurn();
    for (const p of passages.slice(i, i + ROWS_PER_TURN)) terms.push(passageTerms(p.heading, p.content));
  }
  return sql`
    with written as (
      insert into passages (id, corpus, source, url, title, heading, content, ordinal, page, word_count, tsv, file_uuid, file_type, file_repository_type)
      select r.id, ${corpus}, ${source}, r.url, r.title, r.heading, r.content, r.ordinal, r.page, r.word_count, r.tsv, r.file_uuid, r.file_type, r.file_repository_type
      from unnest(${col((p) => p.id)}::text[], ${col((p) => p.url)}::text[], ${col((p) => p.title)}::text[], ${col((p) => p.heading)}::text[],
                  ${col((p) => p.content)}::text[], ${col((p) => p.ordinal)}::int[], ${col((p) => p.page)}::int[],
                  ${terms.map((t) => t.words)}::int[], ${tsvectorArrayBytes(terms.map((t) => t.counts))}::tsvector[], ${col((p) => p.file?.file_uuid ?? null)}::text[],
                  ${col((p) => p.file?.file_type ?? null)}::text[], ${col((p) => p.file?.repository_type ?? null)}::text[])
        as r(id, url, title, heading, content, ordinal, page, word_count, tsv, file_uuid, file_type, file_repository_type)
      returning id)
    insert into passage_stat_changes (corpus, source, ids) select ${corpus}, ${source}, array_agg(id) from written`;
}

/**
 * Removes a source's passages (or the corpus's, when `source` is null) in one statement, and
 * records for the folder the removed rows it had counted: their number, words and terms (the
 * tsvectors as they were, one array; the terms are counted by the folder). The puts of the same
 * rows not counted yet are withdrawn instead: a drop removes every row of its source (or corpus),
 * so such a put has nothing left to count. A put the folder is counting meanwhile is locked: the
 * delete of its change waits for the folder's commit, finds the change gone, and the rows count
 * as counted.
 */
async function dropPassages(trx: Trx, corpus: string, source: string | null) {
  const ofSource = source === null ? sql`` : sql`and source = ${source}`;
  await sql`
    with gone as (
      delete from passages where corpus = ${corpus} ${ofSource}
      returning id, word_count, tsv),
    uncounted as (
      delete from passage_stat_changes where corpus = ${corpus} ${ofSource} and ids is not null
      returning ids),
    counted as (
      select g.word_count, g.tsv from gone g
      where not exists (select 1 from uncounted u, unnest(u.ids) as i(id) where i.id = g.id))
    insert into passage_stat_changes (corpus, docs, words, dropped)
    select ${corpus}, count(*), sum(word_count), array_agg(tsv) from counted having count(*) > 0`.execute(trx);
}

/**
 * Merges the full-text index's pending entries into the index, after a large put committed: a
 * search reads the pending list through, so it is kept short. Also done by autovacuum, later.
 */
export async function settlePassageIndex(db: Db) {
  await sql`select gin_clean_pending_list('passages_keys_idx'::regclass)`.execute(db);
}
