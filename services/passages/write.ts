// The only writes to the passages table. Each operation is a handful of statements however many
// passages it carries: rows go in as arrays (INSERT … SELECT FROM unnest, hundreds of rows a
// statement). The statistics BM25 reads (per statistics key, a corpus or a reader of it,
// stat-keys.ts: passages and their total words; per key and term: how many passages hold the
// term) are not written here (issue 31): each operation
// records what it changes as one row of passage_stat_changes (migration 0037), and the statistics
// folder (stat-folder.ts) adds the changes to the statistics after the commit, so the file's
// transaction writes no row per term. A search in between reads the statistics as they are.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'kysely';
import type { Trx } from '../eventstore/types.js';
import type { PassageOp, PassageRow } from './feed.js';
import { type CountedRows, countRows, joinCounts, type RowsToCount, type RowText } from './counted-rows.js';
import { keySeeds } from './read-keys.js';
import { STAT_KEYS_SQL, statKeysOf } from './stat-keys.js';
import { tsvectorArrayOf } from './terms.js';
import { int4ArrayBytes, int8ArrayBytes, int8ArrayOf, textArrayBytes } from './binary-arrays.js';
import { PutPostings, type RowKeys, type SegmentPostings } from './put-postings.js';
import { countRowsInWorker } from './terms-in-workers.js';

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
      await setReaders(trx, op.corpus, op.source, op.readers);
      return;
    case 'withhold':
      // One row for the origin however many passages it has: the search reads the table (search.ts).
      if (op.withheld) await sql`insert into passage_withheld_origins (origin) values (${op.origin}) on conflict do nothing`.execute(trx);
      else await sql`delete from passage_withheld_origins where origin = ${op.origin}`.execute(trx);
      return;
  }
}

/**
 * Rows one statement carries. Its parameters are built on the main thread, a statement's worth
 * at a time while the one before runs in the database.
 */
const ROWS_PER_STATEMENT = 500;

/**
 * Rows whose terms are counted between two turns of the event loop (a few milliseconds), when
 * counted on this thread. A statement's parameters are megabytes that the socket takes in pieces,
 * each piece when the loop turns: counted in one go, the next rows' terms held the rest of the
 * statement back, and the database waited 30-60 ms a statement for it (PostgreSQL's log, between
 * parse and bind).
 */
const ROWS_PER_TURN = 25;

/**
 * A put of at least this many rows has its terms counted in the passages' worker processes
 * (terms-in-workers.ts), and its index keys written at its end as one segment (put-postings.ts,
 * migration 0081) rather than row by row into the GIN index. A smaller put's segment would hold
 * a row for every few postings: its keys go in the GIN index.
 */
const LARGE_PUT = 2000;
/**
 * A large put's first statement is this few rows, counted here at once: the database has nothing
 * to do until they are written, and 500 rows counted a few at a time between turns (while the
 * next statements' rows went to the workers) kept it waiting about 140 ms (PostgreSQL's log).
 */
const FIRST_ROWS_OF_LARGE_PUT = 100;
/** Statements of a large put whose terms are being counted in the workers ahead of the one written. */
const COUNTED_AHEAD = 4;

async function insertPassages(trx: Trx, corpus: string, source: string, passages: PassageRow[]) {
  if (passages.length === 0) return;
  const large = passages.length >= LARGE_PUT;
  // A statement's rows, in runs of the same readers: a run's statistics go under its readers' keys (stat-keys.ts).
  const slices: PassageRow[][][] = [];
  const firstRows = large ? FIRST_ROWS_OF_LARGE_PUT : ROWS_PER_STATEMENT;
  slices.push(runsOfReaders(passages.slice(0, firstRows)));
  for (let i = firstRows; i < passages.length; i += ROWS_PER_STATEMENT) slices.push(runsOfReaders(passages.slice(i, i + ROWS_PER_STATEMENT)));
  // A large put's first statement is counted here (FIRST_ROWS_OF_LARGE_PUT), the database having
  // nothing to do until it is (a worker may be busy with another file's rows: a batch writes two
  // files at once), and the next ones in the workers, a few statements ahead of the one written: a
  // whole file's rows asked at once kept the other file's first statement waiting for all of them.
  const counts: (Promise<CountedRows[]> | undefined)[] = [];
  const ask = (i: number) => {
    if (i >= slices.length || counts[i]) return;
    const counting = countSlice(
      slices[i].map((run) => ({ rows: run.map(rowText), seeds: keySeeds(statKeysOf(corpus, run[0].readers)) })),
      large,
      i === 0,
    );
    // Awaited in turn: a failure meanwhile (the put failing first) must not count as unhandled.
    counting.catch(() => {});
    counts[i] = counting;
  };
  const ahead = large ? COUNTED_AHEAD : 0;
  // The workers' share asked first (in order: they take jobs as asked), so they count while this
  // thread counts the first rows.
  for (let i = 1; i <= ahead; i++) ask(i);
  ask(0);
  const segment = large ? { seg: await newSegment(trx, corpus, source), pids: await reservePids(trx, passages.length), postings: new PutPostings() } : null;
  const byKey = new Map<string, CountedRows[]>();
  let running: Promise<unknown> = Promise.resolve();
  let written = 0;
  for (const [i, runs] of slices.entries()) {
    // The next rows' terms are counted while these are written.
    const counted = (await counts[i])!;
    ask(i + ahead + 1);
    const rows = runs.flat();
    let index: RowsIndex = { keys: counted.map((c) => c.keys), keyCounts: counted.flatMap((c) => c.keyCounts) };
    if (segment) {
      // The keys many rows hold go in the segment, the others stay the rows' own (put-postings.ts).
      const pids = segment.pids.slice(written, written + rows.length);
      const own: RowKeys[] = [];
      for (let j = 0, from = 0; j < runs.length; from += runs[j].length, j++)
        own.push(segment.postings.add(counted[j].keys, counted[j].keyCounts, pids.slice(from, from + runs[j].length)));
      index = { seg: segment.seg, pids, keys: own.map((o) => o.keys), keyCounts: own.flatMap((o) => o.keyCounts) };
    }
    written += rows.length;
    for (const [j, run] of runs.entries())
      for (const key of statKeysOf(corpus, run[0].readers)) {
        const under = byKey.get(key);
        if (under) under.push(counted[j]);
        else byKey.set(key, [counted[j]]);
      }
    const statement = insertRows(corpus, source, rows, index, {
      elements: counted.map((c) => c.elements),
      words: counted.flatMap((c) => c.words),
    });
    await running;
    running = statement.execute(trx);
    // Awaited once the next rows are counted: a failure meanwhile must not count as unhandled.
    running.catch(() => {});
  }
  await running;
  if (segment) await insertPostings(segment.seg, segment.postings.segment()).execute(trx);
  for (const [key, counted] of byKey) await recordPut(key, joinCounts(counted)).execute(trx);
}

/** Numbers for `count` new passages, in ascending order (the segment's pids are kept so). */
async function reservePids(trx: Trx, count: number): Promise<number[]> {
  const { rows } = await sql<{ pid: string }>`select nextval('passage_pids')::text as pid from generate_series(1, ${count})`.execute(trx);
  return rows.map((r) => Number(r.pid)).sort((a, b) => a - b);
}

/** A large put's segment (put-postings.ts): its number, for its rows and postings. */
async function newSegment(trx: Trx, corpus: string, source: string): Promise<string> {
  const { rows } = await sql<{ seg: string }>`insert into passage_segments (corpus, source) values (${corpus}, ${source}) returning seg::text`.execute(trx);
  return rows[0].seg;
}

/** A segment's postings: a row per key with the pids of its passages that hold it. */
function insertPostings(seg: string, segment: SegmentPostings) {
  return sql`
    insert into passage_postings (key, seg, base, offsets)
    select k.key, ${seg}::bigint, ${segment.base}::bigint, p.flat[k.first : k.first + k.n - 1]
    from (select ${segment.offsets}::int[] as flat) p, unnest(${segment.keys}::int8[], ${segment.froms}::int[], ${segment.counts}::int[]) as k(key, first, n)`;
}

/** A statement's rows counted: a large put's in the workers but its first, here at once; a small put's here, a few at a time. */
function countSlice(runs: RowsToCount[], large: boolean, first: boolean): Promise<CountedRows[]> {
  if (!large) return Promise.all(runs.map(countTakingTurns));
  if (first) return Promise.resolve(runs.map(countRows));
  return Promise.all(runs.map((run) => countRowsInWorker(run)));
}

/** Consecutive rows with the same readers, together (no readers and an empty list are not the same: stat-keys.ts). */
function runsOfReaders(rows: PassageRow[]): PassageRow[][] {
  const runs: PassageRow[][] = [];
  let last: string | null = null;
  for (const row of rows) {
    const readers = row.readers ? `[${row.readers.join(READERS_SEPARATOR)}` : 'null';
    if (runs.length && readers === last) runs[runs.length - 1].push(row);
    else runs.push([row]);
    last = readers;
  }
  return runs;
}

const rowText = (p: PassageRow): RowText => ({ heading: p.heading, content: p.content });

/** The rows counted on this thread, a few at a time between turns of the event loop. */
async function countTakingTurns({ rows, seeds }: RowsToCount): Promise<CountedRows> {
  const parts: CountedRows[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_TURN) {
    await nextTurn();
    parts.push(countRows({ rows: rows.slice(i, i + ROWS_PER_TURN), seeds }));
  }
  return {
    elements: Buffer.concat(parts.map((p) => p.elements)),
    keys: Buffer.concat(parts.map((p) => p.keys)),
    keyCounts: parts.flatMap((p) => p.keyCounts),
    words: parts.flatMap((p) => p.words),
    ...joinCounts(parts),
  };
}

/**
 * The rows' own index keys, for the GIN index (a row's are its slice of one int8[] of all the
 * rows' keys: an array of arrays must have rows of one length), and, for a large put, the pids its
 * segment lists them by (put-postings.ts).
 */
type RowsIndex = { keys: Uint8Array[]; keyCounts: number[]; seg?: string; pids?: number[] };

/** The rows' insert, with their terms as counted and their index keys or pids. */
function insertRows(corpus: string, source: string, passages: PassageRow[], index: RowsIndex, counted: { elements: Uint8Array[]; words: number[] }) {
  const col = <T>(f: (p: PassageRow) => T) => passages.map(f);
  const keysFrom: number[] = [];
  let keyCount = 0;
  for (const n of index.keyCounts) {
    keysFrom.push(keyCount + 1);
    keyCount += n;
  }
  const pids = index.pids;
  // The columns in binary form (binary-arrays.ts): the database reads them without parsing.
  const text = (f: (p: PassageRow) => string | null | undefined) => textArrayBytes(passages.map(f));
  return sql`
      insert into passages (id, corpus, source, url, title, heading, content, ordinal, page, word_count, tsv, read_keys, file_uuid, file_type, file_repository_type, readers, citation, origin${pids ? sql`, seg, pid` : sql``})
      select r.id, ${corpus}, ${source}, r.url, r.title, r.heading, r.content, r.ordinal, r.page, r.word_count, r.tsv, k.flat[r.keys_from : r.keys_from + r.key_count - 1],
        r.file_uuid, r.file_type, r.file_repository_type, string_to_array(r.readers, ${READERS_SEPARATOR}), r.citation, r.origin${pids ? sql`, ${index.seg}::bigint, r.pid` : sql``}
      from (select ${int8ArrayOf(keyCount, index.keys)}::int8[] as flat) k, unnest(${text((p) => p.id)}::text[], ${text((p) => p.url)}::text[], ${text((p) => p.title)}::text[], ${text((p) => p.heading)}::text[],
                  ${text((p) => p.content)}::text[], ${int4ArrayBytes(col((p) => p.ordinal))}::int[], ${int4ArrayBytes(col((p) => p.page))}::int[],
                  ${int4ArrayBytes(counted.words)}::int[], ${tsvectorArrayOf(passages.length, counted.elements)}::tsvector[], ${text((p) => p.file?.file_uuid ?? null)}::text[],
                  ${text((p) => p.file?.file_type ?? null)}::text[], ${text((p) => p.file?.repository_type ?? null)}::text[],
                  ${text((p) => (p.readers ? p.readers.join(READERS_SEPARATOR) : null))}::text[], ${col((p) => (p.citation ? JSON.stringify(p.citation) : null))}::jsonb[],
                  ${text((p) => p.origin ?? null)}::text[], ${int4ArrayBytes(keysFrom)}::int[], ${int4ArrayBytes(index.keyCounts)}::int[]${pids ? sql`, ${int8ArrayBytes(pids)}::int8[]` : sql``})
        as r(id, url, title, heading, content, ordinal, page, word_count, tsv, file_uuid, file_type, file_repository_type, readers, citation, origin, keys_from, key_count${pids ? sql`, pid` : sql``})`;
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
 * passages as one comma-separated text, which the folder splits and adds up. One row however
 * many terms: the transaction stores a text, and the folder adds the counts up (stat-folder.ts).
 * As text[] and int[] parameters node-postgres escaped every element on the main thread, 566 ms
 * in one go for the half a million distinct terms of a 50 MB CSV, which held every request that long.
 */
function recordPut(key: string, stats: Pick<CountedRows, 'docs' | 'totalWords' | 'terms' | 'counts'>) {
  return sql`
    insert into passage_stat_changes (corpus, docs, words, terms, counts)
    values (${key}, ${stats.docs}, ${stats.totalWords}, ${stats.terms}, ${stats.counts})`;
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
      returning corpus, readers, word_count, tsv)
    insert into passage_stat_changes (corpus, docs, words, dropped)
    select k, -count(*), -sum(word_count), array_agg(tsv) from gone, unnest(${STAT_KEYS_SQL}) as k group by k`.execute(trx);
  await dropSegments(trx, corpus, source);
}

/** The index's segments of a source (or of the corpus, when `source` is null), with their postings. */
async function dropSegments(trx: Trx, corpus: string, source: string | null) {
  await sql`
    with gone as (delete from passage_segments where corpus = ${corpus} ${source === null ? sql`` : sql`and source = ${source}`} returning seg)
    delete from passage_postings where seg in (select seg from gone)`.execute(trx);
}

/**
 * New readers for a source's passages in one statement. The statistics are kept per reader
 * (stat-keys.ts), so the rows' counts leave their old readers' keys and reach the new ones: a
 * drop's change of the rows as they were, and a put's change counted from their tsvectors.
 */
async function setReaders(trx: Trx, corpus: string, source: string, readers: readonly string[] | null) {
  await sql`
    insert into passage_stat_changes (corpus, docs, words, dropped)
    select k, -count(*), -sum(word_count), array_agg(tsv) from passages, unnest(${STAT_KEYS_SQL}) as k
    where corpus = ${corpus} and source = ${source} group by k`.execute(trx);
  // The index keys follow the readers (read-keys.ts). Few rows change readers, so the database
  // computes them, and a large put's rows leave their segment: their keys all go in the GIN index.
  await sql`update passages set readers = r.readers, read_keys = passage_read_keys(corpus, r.readers, tsv), seg = null
    from (select ${readers ? [...readers] : null}::text[] as readers) r where corpus = ${corpus} and source = ${source}`.execute(trx);
  await dropSegments(trx, corpus, source);
  // The terms and counts of one key aggregated in the same order, so the two texts line up.
  await sql`
    with keyed as (
      select k, word_count, tsv from passages, unnest(${STAT_KEYS_SQL}) as k where corpus = ${corpus} and source = ${source}),
    docs as (select k, count(*) as docs, sum(word_count) as words from keyed group by k),
    terms as (select k, lexeme, count(*) as n from keyed, unnest(tsvector_to_array(tsv)) as lexeme group by k, lexeme)
    insert into passage_stat_changes (corpus, docs, words, terms, counts)
    select d.k, d.docs, d.words, coalesce(string_agg(t.lexeme, ' '), ''), coalesce(string_agg(t.n::text, ','), '')
    from docs d left join terms t on t.k = d.k group by d.k, d.docs, d.words`.execute(trx);
}
