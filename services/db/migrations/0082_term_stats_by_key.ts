import { type Kysely, sql } from 'kysely';

// Issue 31: the term statistics keyed by one 64-bit hash of their statistics key and term,
// passage_key() (migration 0032), instead of the two texts. The statistics folder updates a row
// for each term of each file (tens of thousands a file, services/passages/stat-folder.ts), and
// an int8 is found in an index less than half the size (1.6 MB against 3.7 MB for one corpus's
// 34,375 terms): a fold of 33,000 terms took 173-199 ms against 213-254 ms, its upsert 123-145 ms
// against 173-208 ms (six folds each after a batch of ten 5 MB CSVs, the two alternated; hashing
// the terms adds some 10 ms). The corpus and the term stay in the row, for the tests and for
// whoever looks. Two pairs with the same hash (about one chance in 3,700 at 100 million pairs)
// share a row, as they share an index key already (read-keys.ts): their counts are added up.
export async function up(db: Kysely<unknown>) {
  await sql`create table passage_term_stats_by_key (key bigint primary key, corpus text not null, term text not null, df integer not null)
    with (fillfactor = 70)`.execute(db);
  await sql`insert into passage_term_stats_by_key (key, corpus, term, df)
    select passage_key(corpus, term), min(corpus), min(term), sum(df) from passage_term_stats group by 1`.execute(db);
  await sql`drop table passage_term_stats`.execute(db);
  await sql`alter table passage_term_stats_by_key rename to passage_term_stats`.execute(db);
  await sql`alter index passage_term_stats_by_key_pkey rename to passage_term_stats_pkey`.execute(db);
}
