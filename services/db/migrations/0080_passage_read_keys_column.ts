import { type Kysely, sql } from 'kysely';

// Issue 31: a passage's index keys (migration 0054) are stored with it, computed where its terms
// are counted (services/passages/read-keys.ts), instead of an expression the database evaluated
// for every row it inserted (about 30 µs a row). Measured on 22,586 passages of 10 MB CSVs,
// inserted in one go with the index's pending list at 64 MB: 1.80 s with the expression index,
// 1.25-1.30 s with the column. A row grows by its keys, 8 bytes a term and reader: 1,026 bytes on
// a 10 MB CSV's average row of 3,257, the table with its indexes by about an eighth. The index
// keeps its name and its pending-list settings; passage_read_keys() stays, for a change of readers.
const INDEX = 'passages_keys_idx';

export async function up(db: Kysely<unknown>) {
  await sql`alter table passages add column read_keys bigint[]`.execute(db);
  await sql`update passages set read_keys = passage_read_keys(corpus, readers, tsv)`.execute(db);
  await sql`alter table passages alter column read_keys set not null`.execute(db);
  await sql`drop index ${sql.id(INDEX)}`.execute(db);
  await sql`create index ${sql.id(INDEX)} on passages using gin (read_keys) with (fastupdate = on, gin_pending_list_limit = 65536)`.execute(db);
}
