// Migration 0046 on a database whose passages with readers were counted per corpus before it:
// their statistics are counted again per statistics key, then 0075 drops the all-readers key
// 0046 also wrote, and 0082 keys them: the result is the passages module's own recount
// (services/passages/stat-keys.ts), and connector passages get their url index.
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { migratedDb } from '../../../tests/support/database.js';
import { applyPassageOp } from '../../passages/index.js';
import { recountPassageStats } from '../../passages/stat-folder.js';
import type { Db } from '../database.js';
import { up } from './0046_passage_connector_urls.js';
import { up as dropAllReadersKey } from './0075_drop_all_readers_stat_key.js';
import { up as keyStatistics } from './0082_term_stats_by_key.js';

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await migratedDb(2));
});
afterAll(async () => close?.());

const statistics = async () => ({
  corpora: (await sql`select corpus, doc_count::int, total_words::int from passage_corpus_stats order by corpus`.execute(db)).rows,
  terms: (await sql`select corpus, term, df from passage_term_stats order by corpus, term`.execute(db)).rows,
});

test('passages with readers are counted under their readers, as the module counts them', async () => {
  const row = (id: string, content: string, readers: string[] | null) => ({
    id,
    url: `/d/${id}`,
    title: 'Doc',
    heading: '',
    content,
    ordinal: 0,
    page: null,
    readers,
  });
  await db.transaction().execute(async (trx) => {
    await applyPassageOp(trx, { kind: 'put', corpus: 'org:o', source: 'a', replace: false, passages: [row('a', 'open hive notes', null)] });
    await applyPassageOp(trx, {
      kind: 'put',
      corpus: 'org:o',
      source: 'b',
      replace: false,
      passages: [row('b', 'secret hive budget', ['user:u', 'email:e@x.example'])],
    });
  });
  // As the statistics were before: every passage under its corpus, nothing left to fold, in the
  // table as it was until 0082 keyed it.
  await sql`drop table passage_term_stats`.execute(db);
  await sql`create table passage_term_stats (corpus text not null, term text not null, df integer not null, primary key (corpus, term))`.execute(db);
  await sql`delete from passage_stat_changes`.execute(db);
  await sql`delete from passage_corpus_stats`.execute(db);
  await sql`insert into passage_corpus_stats select corpus, count(*), sum(word_count) from passages group by corpus`.execute(db);
  await sql`delete from passage_term_stats`.execute(db);
  await sql`insert into passage_term_stats select corpus, lexeme, count(*) from passages, unnest(tsvector_to_array(tsv)) as lexeme group by corpus, lexeme`.execute(
    db,
  );
  await sql`drop index passages_connector_url_idx`.execute(db);

  await up(db as never);
  const keysOf = async (term: string) =>
    (await statistics()).terms
      .filter((t) => (t as { term: string }).term === term)
      .map((t) => (t as { corpus: string }).corpus)
      .sort();
  // Under each reader and (as 0046 counted) the corpus's all-readers key, not the corpus.
  expect(await keysOf('secret')).toEqual(['org:o\n*', 'org:o\nemail:e@x.example', 'org:o\nuser:u']);
  expect(await keysOf('open')).toEqual(['org:o']);
  await dropAllReadersKey(db as never);
  expect(await keysOf('secret')).toEqual(['org:o\nemail:e@x.example', 'org:o\nuser:u']);
  await keyStatistics(db as never);
  const migrated = await statistics();
  await db.transaction().execute((trx) => recountPassageStats(trx));
  expect(migrated).toEqual(await statistics());
  const index = await sql`select indexdef from pg_indexes where indexname = 'passages_connector_url_idx'`.execute(db);
  expect(index.rows).toHaveLength(1);
});
