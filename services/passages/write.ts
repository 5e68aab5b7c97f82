// The only writes to the passages table. Each operation is a handful of statements however many
// passages it carries: rows go in as arrays (INSERT … SELECT FROM unnest, hundreds of rows a
// statement). The statistics BM25 reads (per corpus: passages and their total words; per corpus
// and term: how many passages hold the term) are not written here (issue 31): each operation
// records what it changes as one row of passage_stat_changes (migration 0037), and the statistics
// folder (stat-folder.ts) adds the changes to the statistics after the commit, so the file's
// transaction writes no row per term. A search in between reads the statistics as they are.
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
    case 'set-readers':
      // One statement for the whole source; no statistics change is recorded (its terms are the same).
      await sql`update passages set readers = ${op.readers ? [...op.readers] : null}::text[] where corpus = ${op.corpus} and source = ${op.source}`.execute(
        trx,
      );
      return;
  }
}

/**
 * Rows one statement carries. Its parameters are built on the main thread, a statement's worth
 * at a time while the one before runs in the database: a large file's passages go in several
 * statements, and its statistics in one change at the end, so a term shared by all of them is counted once.
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
  await recordPut(corpus, stats).execute(trx);
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
      insert into passages (id, corpus, source, url, title, heading, content, ordinal, page, word_count, tsv, file_uuid, file_type, file_repository_type, readers, citation)
      select r.id, ${corpus}, ${source}, r.url, r.title, r.heading, r.content, r.ordinal, r.page, r.word_count, r.tsv, r.file_uuid, r.file_type, r.file_repository_type,
        string_to_array(r.readers, ${READERS_SEPARATOR}), r.citation
      from unnest(${col((p) => p.id)}::text[], ${col((p) => p.url)}::text[], ${col((p) => p.title)}::text[], ${col((p) => p.heading)}::text[],
                  ${col((p) => p.content)}::text[], ${col((p) => p.ordinal)}::int[], ${col((p) => p.page)}::int[],
                  ${terms.map((t) => t.words)}::int[], ${tsvectorArrayBytes(terms.map((t) => t.counts))}::tsvector[], ${col((p) => p.file?.file_uuid ?? null)}::text[],
                  ${col((p) => p.file?.file_type ?? null)}::text[], ${col((p) => p.file?.repository_type ?? null)}::text[],
                  ${col((p) => (p.readers ? p.readers.join(READERS_SEPARATOR) : null))}::text[], ${col((p) => (p.citation ? JSON.stringify(p.citation) : null))}::jsonb[])
        as r(id, url, title, heading, content, ordinal, page, word_count, tsv, file_uuid, file_type, file_repository_type, readers, citation)`;
}

/**
 * A row's readers travel joined by a newline, one text per row (PostgreSQL has no array of
 * arrays of different lengths), and are split back in the statement. A principal key holds no
 * newline (keys are built from addresses and ids with their control characters dropped).
 */
const READERS_SEPARATOR = '\n';

/**
 * Records the put's statistics, counted while its rows were written, as one change: its terms as
 * one space-separated text (terms are runs of letters and digits, never spaces) and their
 * passages as one comma-separated text, which the folder splits. One row however many terms: the
 * transaction stores a text, and the folder adds the counts up (stat-folder.ts). As text[] and
 * int[] parameters node-postgres escaped every element on the main thread, 566 ms in one go for
 * the half a million distinct terms of a 50 MB CSV, which held every request that long.
 */
function recordPut(corpus: string, stats: Statistics) {
  const terms: string[] = [];
  const counts: number[] = [];
  for (const [term, df] of stats.df) {
    terms.push(term);
    counts.push(df);
  }
  return sql`
    insert into passage_stat_changes (corpus, docs, words, terms, counts)
    values (${corpus}, ${stats.docs}, ${stats.words}, ${terms.join(' ')}, ${counts.join(',')})`;
}

/**
 * Removes a source's passages (or the corpus's, when `source` is null) in one statement, and
 * records for the folder what they took out of the statistics: their number and words, negative,
 * and their tsvectors as they were, in one array (the folder counts their terms). Every change
 * adds to the statistics, so the order the folder meets them in does not matter: a put not
 * folded yet and the drop of its rows cancel out.
 */
async function dropPassages(trx: Trx, corpus: string, source: string | null) {
  await sql`
    with gone as (
      delete from passages where corpus = ${corpus} ${source === null ? sql`` : sql`and source = ${source}`}
      returning word_count, tsv)
    insert into passage_stat_changes (corpus, docs, words, dropped)
    select ${corpus}, -count(*), -sum(word_count), array_agg(tsv) from gone having count(*) > 0`.execute(trx);
}

/**
 * Merges the full-text index's pending entries into the index, after a large put committed: a
 * search reads the pending list through, so it is kept short. Also done by autovacuum, later.
 */
export async function settlePassageIndex(db: Db) {
  await sql`select gin_clean_pending_list('passages_keys_idx'::regclass)`.execute(db);
}
