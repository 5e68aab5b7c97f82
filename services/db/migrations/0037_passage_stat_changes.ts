import { type Kysely, sql } from 'kysely';

// The term statistics BM25 reads are brought up to date off the file's transaction (issue 31):
// a write records only what changed, one row per statement of passages put (the ids of the rows
// it wrote) and one per drop (the removed rows that were counted: their words and terms, taken at
// the delete), and the statistics folder (services/passages/stat-folder.ts) counts the terms from
// the rows' own tsvectors, adds them up and deletes the change. Counted in the transaction, the
// statistics took about a third of a 10 MB file's database time there.
// The arrays are stored as they are: compressed, each file's change cost a few hundred ms of CPU
// to pack and to unpack.
export async function up(db: Kysely<unknown>) {
  await sql`create table passage_stat_changes (
    id bigint generated always as identity primary key,
    corpus text not null,
    source text,
    ids text[],
    docs integer,
    words bigint,
    dropped tsvector[],
    check ((ids is not null and source is not null and dropped is null) or (ids is null and dropped is not null and docs is not null and words is not null)))`.execute(
    db,
  );
  await sql`alter table passage_stat_changes alter column ids set storage external, alter column dropped set storage external`.execute(db);
  // A drop finds the puts of its source (or corpus) not counted yet.
  await sql`create index passage_stat_changes_puts_idx on passage_stat_changes (corpus, source) where ids is not null`.execute(db);
  // The statistics equal a recount of the rows, which has no row for a corpus without passages.
  await sql`delete from passage_corpus_stats where doc_count = 0`.execute(db);
}
