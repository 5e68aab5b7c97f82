import { type Kysely, sql } from 'kysely';

// The term statistics BM25 reads are brought up to date off the file's transaction (issue 31):
// a write records only what it changes, one row per operation, and the statistics folder
// (services/passages/stat-folder.ts) adds the changes to the statistics and deletes them. A put
// records its passages, words and each term's passages, counted by the app as it wrote the rows,
// as two texts (the terms space-separated, their counts comma-separated); a drop its removed
// passages and words, negative, and their tsvectors as they were (the folder counts their terms).
// Written in the transaction, the statistics took a third of a 10 MB file's database time there.
// The texts and arrays are stored as they are: compressed, they cost CPU to pack and unpack.
export async function up(db: Kysely<unknown>) {
  await sql`create table passage_stat_changes (
    id bigint generated always as identity primary key,
    corpus text not null,
    docs integer not null,
    words bigint not null,
    terms text,
    counts text,
    dropped tsvector[],
    check ((terms is not null and counts is not null and dropped is null) or (terms is null and counts is null and dropped is not null)))`.execute(db);
  await sql`alter table passage_stat_changes
    alter column terms set storage external, alter column counts set storage external, alter column dropped set storage external`.execute(db);
  // The statistics equal a recount of the rows, which has no row for a corpus without passages.
  await sql`delete from passage_corpus_stats where doc_count = 0`.execute(db);
}
