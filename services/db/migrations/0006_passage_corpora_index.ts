import { sql, type Kysely } from 'kysely';

// Retrieval searches only the corpora the asker may read. A GIN on tsv alone, or on
// (corpus, tsv) with btree_gin, still reads each word's posting list over every corpus (a common
// word: 100,000s of rows in 1,000,000) to keep the few in the asker's corpora. Indexing each
// passage's words prefixed with its corpus ("<corpus> <lexeme>") makes every posting list one
// corpus's, so the lookup reads only rows the asker may read. Measured by tests/bench/answers.ts
// (10,000 readable passages among 1,000,000): the index scan went from about 10 ms to about 1 ms.
// No extension needed.
export async function up(db: Kysely<unknown>) {
  await sql`create function passage_terms(corpus text, tsv tsvector) returns text[]
    language sql immutable strict parallel safe
    return array(select corpus || ' ' || lexeme from unnest(tsvector_to_array(tsv)) as lexeme)`.execute(db);
  await sql`create index passages_terms_idx on passages using gin (passage_terms(corpus, tsv))`.execute(db);
  // Every search is scoped to corpora now, so the plain tsv index would only cost writes.
  await sql`drop index if exists passages_tsv_idx`.execute(db);
  // A search reads a few thousand rows at most; parallel workers only add start-up cost and take
  // the CPU that concurrent asks need.
  await sql`alter table passages set (parallel_workers = 0)`.execute(db);
}
