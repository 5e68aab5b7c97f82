import { type Kysely, sql } from 'kysely';

// Issue 32, what permission filtering covers.
// A shared thread shows a connector's source only to those who may read it at its source now:
// its document's passages are found by url, among the passages that carry a citation (a
// connector's), without reading the whole passages table.
// BM25's statistics are kept per statistics key (services/passages/stat-keys.ts): a passage with
// readers counts under each of its readers, no longer under its corpus, so that an asker's
// statistics count only what they may read. Where passages with readers exist, the statistics are
// counted again from the passages (as a replay's recount does: the changes not folded yet were
// recorded per corpus, and the recount holds them). Without such passages every key is its corpus
// and nothing changes.
export async function up(db: Kysely<unknown>) {
  await sql`create index passages_connector_url_idx on passages (url) where citation is not null`.execute(db);
  const restricted = await sql`select 1 from passages where readers is not null limit 1`.execute(db);
  if (!restricted.rows.length) return;
  const keys = sql`(case when readers is null then array[corpus] else array(select distinct corpus || chr(10) || r from unnest(readers || '*'::text) r) end)`;
  await sql`delete from passage_stat_changes`.execute(db);
  await sql`delete from passage_corpus_stats`.execute(db);
  await sql`insert into passage_corpus_stats select k, count(*), sum(word_count) from passages, unnest(${keys}) as k group by k`.execute(db);
  await sql`delete from passage_term_stats`.execute(db);
  await sql`insert into passage_term_stats
    select k, lexeme, count(*) from passages, unnest(${keys}) as k, unnest(tsvector_to_array(tsv)) as lexeme group by k, lexeme`.execute(db);
}
