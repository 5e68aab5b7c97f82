import { type Kysely, sql } from 'kysely';

// Issue 31: a passage's index keys (migration 0054) are stored with it, computed where its terms
// are counted (services/passages/read-keys.ts), instead of an expression the database evaluated
// for every row it inserted (about 30 µs a row). Measured on 22,586 passages of 10 MB CSVs,
// inserted in one go with the index's pending list at 64 MB: 1.80 s with the expression index,
// 1.25-1.30 s with the column. The index keeps its name and its pending-list settings;
// passage_read_keys() stays, for a change of readers.
//
// The keys are some 1 KB a row (8 bytes a term and reader): inline, a 10 MB CSV's average row
// grew from 3,257 to 4,285 bytes, one row a page instead of two, and its heap by 70%. So they
// are kept out of line (TOAST) once a row passes 4,000 bytes, the most two rows of a page can
// take, without compression; the text and the tsvector stay in the row uncompressed (storage
// main, migration 0012's reason). Only the index reads the keys; a search reads the row. On
// 22,586 such passages: heap 92 MB against 157 MB, with indexes and TOAST 181 MB against 222 MB,
// inserts 863-879 ms against 831-899 ms.
const INDEX = 'passages_keys_idx';

export async function up(db: Kysely<unknown>) {
  await sql`alter table passages add column read_keys bigint[]`.execute(db);
  await sql`alter table passages set (toast_tuple_target = 4000),
    alter column read_keys set storage external, alter column tsv set storage main, alter column content set storage main`.execute(db);
  await sql`update passages set read_keys = passage_read_keys(corpus, readers, tsv)`.execute(db);
  await sql`alter table passages alter column read_keys set not null`.execute(db);
  await sql`drop index ${sql.id(INDEX)}`.execute(db);
  await sql`create index ${sql.id(INDEX)} on passages using gin (read_keys) with (fastupdate = on, gin_pending_list_limit = 65536)`.execute(db);
}
