// A large put (a big file's passages) has its terms counted in the passages' worker processes:
// its rows, and the statistics once folded, are those of the same passages put a few at a time
// (counted on this thread), and those of a recount.
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { migratedDb } from '../../tests/support/database.js';
import type { Db } from '../db/database.js';
import { closeWorkerPools } from '../workers/index.js';
import type { PassageRow } from './feed.js';
import { foldPassageStats } from './stat-folder.js';
import { STAT_KEYS_SQL } from './stat-keys.js';
import { applyPassageOp } from './write.js';

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await migratedDb(6));
});
afterAll(async () => {
  await closeWorkerPools();
  await close?.();
});

const WORDS = ['hive', 'queen', 'frame', 'granite', 'ledger', '2026', 'über', 'straße', 'harbour'];
/** 2,100 passages: past the put that goes to the workers (write.ts, LARGE_PUT). */
const passages = (corpus: string): PassageRow[] =>
  Array.from({ length: 2100 }, (_, i) => ({
    id: `${corpus}#${i}`,
    url: `/files/x?page=${i}`,
    title: 'Ledger',
    heading: `Rows ${i}`,
    content: Array.from({ length: 3 + (i % 7) }, (_, j) => WORDS[(i * 7 + j * 3) % WORDS.length]).join(' '),
    ordinal: i,
    page: null,
  }));

const rowsOf = async (corpus: string) =>
  (
    await sql<{
      ordinal: number;
      tsv: string;
      word_count: number;
    }>`select ordinal, tsv::text as tsv, word_count from passages where corpus = ${corpus} order by ordinal`.execute(db)
  ).rows;
const statsOf = async (corpus: string) => ({
  corpus: (await sql`select doc_count::int as docs, total_words::int as words from passage_corpus_stats where corpus = ${corpus}`.execute(db)).rows,
  terms: (await sql`select term, df from passage_term_stats where corpus = ${corpus} order by term`.execute(db)).rows,
});
const recountOf = async (corpus: string) => ({
  corpus: (await sql`select count(*)::int as docs, sum(word_count)::int as words from passages where corpus = ${corpus}`.execute(db)).rows,
  terms: (
    await sql`select lexeme as term, count(*)::int as df from passages, unnest(tsvector_to_array(tsv)) as lexeme where corpus = ${corpus} group by lexeme order by lexeme`.execute(
      db,
    )
  ).rows,
});

test('a put counted in the workers writes the rows and statistics of the same passages counted here', async () => {
  const [large, small] = [`test:${randomUUID()}`, `test:${randomUUID()}`];
  await db.transaction().execute((trx) => applyPassageOp(trx, { kind: 'put', corpus: large, source: 's', replace: true, passages: passages(large) }));
  const few = passages(small);
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < few.length; i += 300)
      await applyPassageOp(trx, { kind: 'put', corpus: small, source: 's', replace: i === 0, passages: few.slice(i, i + 300) });
  });
  while ((await foldPassageStats(db)) === 'busy') await new Promise((r) => setTimeout(r, 20));

  const [largeRows, smallRows] = [await rowsOf(large), await rowsOf(small)];
  expect(largeRows).toHaveLength(2100);
  expect(largeRows).toEqual(smallRows);
  // 'straße queen ledger straße' under the heading 'Rows 1', counted twice.
  expect(largeRows[1]).toEqual({ ordinal: 1, tsv: "'1':1,2 'ledger':1 'queen':1 'rows':1,2 'straße':1,2", word_count: 8 });
  const stats = await statsOf(large);
  expect(stats).toEqual(await recountOf(large));
  expect(stats).toEqual(await statsOf(small));
  expect(stats.corpus).toEqual([{ docs: 2100, words: expect.any(Number) }]);
});

test("rows of one put with no readers, an empty list and a reader count under each one's own statistics keys", async () => {
  const corpus = `test:${randomUUID()}`;
  const readers: (string[] | null)[] = [null, null, [], [], ['user:a'], null];
  const rows = passages(corpus)
    .slice(0, readers.length)
    .map((p, i) => ({ ...p, readers: readers[i] }));
  await db.transaction().execute((trx) => applyPassageOp(trx, { kind: 'put', corpus, source: 's', replace: true, passages: rows }));
  while ((await foldPassageStats(db)) === 'busy') await new Promise((r) => setTimeout(r, 20));
  const keys = sql`(corpus = ${corpus} or split_part(corpus, chr(10), 1) = ${corpus})`;
  const stored = (await sql`select corpus as k, doc_count::int as docs from passage_corpus_stats where ${keys} order by 1`.execute(db)).rows;
  const recounted = (
    await sql`select k, count(*)::int as docs from passages, unnest(${STAT_KEYS_SQL}) as k where corpus = ${corpus} group by k order by 1`.execute(db)
  ).rows;
  expect(stored).toEqual(recounted);
  expect(stored).toEqual([
    { k: corpus, docs: 3 },
    { k: `${corpus}\nuser:a`, docs: 1 },
  ]);
});
